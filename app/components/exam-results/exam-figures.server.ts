// An exam's figures for a page: the numbers and their charts, drawn on the server in the reader's
// language (server/exam-results/figure-charts.ts). The dashboard's exam page shows them to the admin;
// /results shows them to everyone when the exam is published with its figures public.
import type { RouterContextProvider } from "react-router";
import type { Locale } from "../../../i18n/translate";
import { localeOf } from "../../../server/cookies";
import { anonymous } from "../../../server/domain/actor";
import { DomainError } from "../../../server/domain/errors";
import { type ExamFigures, examFigures } from "../../../server/domain/exam-reports";
import { gradesChart, subjectsChart } from "../../../server/exam-results/figure-charts";
import { pageOf } from "../../lib/page.server";

export type FiguresView = {
  figures: ExamFigures;
  /** SVG, every text in it escaped. */
  charts: { grades: string; subjects: string };
};

function withCharts(figures: ExamFigures, language: Locale): FiguresView {
  return {
    figures,
    charts: {
      grades: gradesChart(figures, { id: "exam-figures-grades", language }),
      subjects: subjectsChart(figures, { id: "exam-figures-subjects", language }),
    },
  };
}

/** The figures as the signed-in admin sees them, whether published or not. */
export async function officeFigures(
  context: Readonly<RouterContextProvider>,
  request: Request,
  examId: string,
): Promise<FiguresView> {
  const { services, actor } = pageOf(context);
  return withCharts(await examFigures(services.db, actor, examId), localeOf(request));
}

/**
 * The figures everyone may see, or null when the exam's are not public. The same for every
 * reader, so they are read once per content change (the kept reads), not once per lookup on
 * results day; charts are drawn per language from them.
 */
export async function publicFigures(
  context: Readonly<RouterContextProvider>,
  request: Request,
  examId: string,
): Promise<FiguresView | null> {
  const { services, contentReads } = pageOf(context);
  const load = () =>
    examFigures(services.db, anonymous, examId).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === "not_found") return null;
      throw error;
    });
  const figures = await (contentReads ? contentReads.remember(`exam-figures ${examId}`, load) : load());
  return figures && withCharts(figures, localeOf(request));
}
