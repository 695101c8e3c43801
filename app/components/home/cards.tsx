// The home page's cards. Titles link to the detail pages; images are lazy and sized to the grid.
import type { ReactNode } from "react";
import { href, Link, useRouteLoaderData } from "react-router";
import { formatDate, formatPrice } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import type { loader as rootLoader } from "../../root";
import type {
  HomeAdmission,
  HomeBlog,
  HomeResult,
  HomeService,
  HomeStudent,
  HomeTeacher,
} from "../../routes/home.server";
import { ButtonLink, Picture } from "../../ui";
import { DeleteButton } from "../delete-button";
import { classLabelKey, positionLabelKey } from "../lists/labels";

// Three columns from 900 px in a 1200 px container, two from 600 px, one on phones.
const cardSizes = "(min-width: 1200px) 376px, (min-width: 900px) 31vw, (min-width: 600px) 47vw, 100vw";
// People: up to six small square portraits a row.
const portraitSizes = "(min-width: 1200px) 180px, (min-width: 600px) 30vw, 50vw";

export function CardGrid({ small = false, children }: { small?: boolean; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: list-style none drops the list role in Safari
    <ul className="grid home-grid" data-size={small ? "small" : undefined} role="list">
      {children}
    </ul>
  );
}

function Card({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <li>
      <article className="card home-card" data-testid={testId}>
        {children}
      </article>
    </li>
  );
}

export function AdmissionCard({ admission }: { admission: HomeAdmission }) {
  const { t, intl } = useI18n();
  return (
    <Card testId="admission-card">
      <Picture image={admission.image} alt={admission.title} sizes={cardSizes} className="card__media" />
      <div className="card__body">
        <h3>{admission.title}</h3>
        <p className="muted">{admission.about}</p>
        <div className="card__footer">
          <strong>{formatPrice(admission.price, intl)}</strong>
          <ButtonLink
            to={href("/admition/:booking", { booking: admission.id })}
            variant="outline"
            size="small"
            prefetch="intent"
          >
            {t("home.admissions.checkOut")}
            <span className="visually-hidden">: {admission.title}</span>
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}

export function TeacherCard({ teacher }: { teacher: HomeTeacher }) {
  const { t } = useI18n();
  const position = teacher.position ? positionLabelKey(teacher.position) : undefined;
  return (
    <Card testId="teacher-card">
      <Picture
        image={teacher.image}
        alt={teacher.name}
        sizes={portraitSizes}
        className="card__media card__media--square"
      />
      <div className="card__body">
        <h3>
          <Link to={href("/about/:about", { about: teacher.id })} prefetch="intent">
            {teacher.name}
          </Link>
        </h3>
        {position ? <span className="badge">{t(position)}</span> : null}
        {teacher.category ? <p className="muted">{teacher.category}</p> : null}
      </div>
    </Card>
  );
}

export function ResultCard({ result }: { result: HomeResult }) {
  return (
    <Card testId="result-card">
      <Picture image={result.image} alt={result.title} sizes={cardSizes} className="card__media" />
      <div className="card__body">
        <h3>
          <Link to={href("/result/:ID", { ID: result.id })} prefetch="intent">
            {result.title}
          </Link>
        </h3>
        <p className="muted">{result.information}</p>
      </div>
    </Card>
  );
}

export function ServiceCard({ service }: { service: HomeService }) {
  return (
    <Card testId="service-card">
      <Picture image={service.image} alt={service.name} sizes={cardSizes} className="card__media" />
      <div className="card__body">
        <h3>
          <Link to={href("/services/:ID", { ID: service.id })} prefetch="intent">
            {service.name}
          </Link>
        </h3>
        <p className="muted">{service.about}</p>
      </div>
    </Card>
  );
}

export function StudentCard({ student }: { student: HomeStudent }) {
  const { t } = useI18n();
  const classKey = student.className ? classLabelKey(student.className) : undefined;
  return (
    <Card testId="student-card">
      <Picture
        image={student.image}
        alt={student.name}
        sizes={portraitSizes}
        className="card__media card__media--square"
      />
      <div className="card__body">
        <h3>{student.name}</h3>
        {student.className ? (
          <span className="badge">{classKey ? t(classKey) : student.className}</span>
        ) : null}
        {student.description ? <p className="muted">{student.description}</p> : null}
      </div>
    </Card>
  );
}

export function BlogCard({ blog }: { blog: HomeBlog }) {
  const { intl } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <Card testId="blog-card">
      <Picture image={blog.image} alt={blog.title} sizes={cardSizes} className="card__media" />
      <div className="card__body">
        {blog.category ? <span className="badge">{blog.category}</span> : null}
        <h3>
          <Link to={href("/blog/:id", { id: blog.id })} prefetch="intent">
            {blog.title}
          </Link>
        </h3>
        <div className="card__footer">
          <time dateTime={blog.date} className="muted">
            {formatDate(blog.date, intl)}
          </time>
          {root?.user?.isAdmin ? <DeleteButton kind="blogs" id={blog.id} /> : null}
        </div>
      </div>
    </Card>
  );
}
