// A service in the list: image, name (the link to its page) and the start of its text.
import { href, Link } from "react-router";
import { type ImageView, Picture } from "../../ui";
import { cardImageSizes } from "./list-page";

export type ServiceCardData = { id: string; name: string; about: string; image: ImageView | null };

export function ServiceCard({
  service,
  priority = false,
}: {
  service: ServiceCardData;
  /** The list's first card: its image is what a visitor sees first (LCP), so it loads at once. */
  priority?: boolean;
}) {
  return (
    <li className="card list-card" data-testid="service-card">
      <Picture
        image={service.image}
        alt={service.name}
        sizes={cardImageSizes}
        className="card__media"
        priority={priority}
      />
      <div className="card__body">
        <h2 className="list-card__title">
          <Link to={href("/services/:ID", { ID: service.id })} className="list-card__link">
            {service.name}
          </Link>
        </h2>
        <p>{service.about}</p>
      </div>
    </li>
  );
}
