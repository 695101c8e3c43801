// /admition/{booking}/lottery: an admission's lottery as published, for anyone to check: the seed
// (published with the inputs before the draw), each class's application numbers in the draw
// (sorted; numbers only, never a name) and the order drawn, how to recompute it by hand or with
// scripts/check-lottery.ts, and the JSON that script reads. A reading page: no form.
import { data } from "react-router";
import { readLottery } from "../../server/domain/admission-applications/lottery";
import { DomainError } from "../../server/domain/errors";
import { useI18n } from "../lib/i18n";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import type { Route } from "./+types/admission-lottery";

export const handle = { texts: ["applications"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const { services } = pageOf(context);
  try {
    return { lottery: await readLottery(services.db, params.booking), origin: new URL(request.url).origin };
  } catch (error) {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  }
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.lottery.title ?? "Lottery" },
];

const dhaka = (at: string) =>
  `${new Date(new Date(at).getTime() + 6 * 3600_000).toISOString().slice(0, 16).replace("T", " ")} (Dhaka)`;

export default function AdmissionLottery({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { lottery, origin } = loaderData;
  const json = `/api/admissions/${lottery.admissionId}/round/lottery`;
  return (
    <div className="page container container--narrow section stack" data-testid="admission-lottery">
      <h1>{t("applications.lottery.heading", { title: lottery.title })}</h1>
      <p>{t("applications.lottery.lead")}</p>
      {lottery.seed && lottery.seedPublishedAt ? (
        <>
          <h2>{t("applications.lottery.seed")}</h2>
          <p>
            <code data-testid="lottery-seed" style={{ overflowWrap: "anywhere" }}>
              {lottery.seed}
            </code>
          </p>
          <p>{t("applications.lottery.seedPublished", { at: dhaka(lottery.seedPublishedAt) })}</p>
          <p data-testid="lottery-drawn">
            {lottery.drawnAt
              ? t("applications.lottery.drawn", { at: dhaka(lottery.drawnAt) })
              : t("applications.lottery.notDrawn")}
          </p>
          {lottery.classes.map((c) => (
            <section key={c.class} className="stack" data-testid="lottery-class">
              <h2>{t("applications.lottery.class", { class: c.class, seats: c.seats })}</h2>
              <h3>{t("applications.lottery.inputs")}</h3>
              <p data-testid="lottery-inputs" style={{ overflowWrap: "anywhere" }}>
                {c.inputs.join(", ")}
              </p>
              {c.order ? (
                <>
                  <h3>{t("applications.lottery.order", { seats: c.seats })}</h3>
                  <ol data-testid="lottery-order">
                    {c.order.map((number) => (
                      <li key={number}>{number}</li>
                    ))}
                  </ol>
                </>
              ) : null}
            </section>
          ))}
        </>
      ) : (
        <p data-testid="lottery-not-yet">{t("applications.lottery.notYet")}</p>
      )}
      <h2>{t("applications.lottery.howHeading")}</h2>
      <ol>
        <li>{t("applications.lottery.how1")}</li>
        <li>{t("applications.lottery.how2")}</li>
        <li>
          <code style={{ overflowWrap: "anywhere" }}>
            {t("applications.lottery.how3", { url: `${origin}${json}` })}
          </code>
        </li>
      </ol>
      <p>
        <a href={json} data-testid="lottery-json">
          {t("applications.lottery.json")}
        </a>
      </p>
    </div>
  );
}
