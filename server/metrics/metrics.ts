// The process's metrics for Prometheus (GET /metrics with METRICS_TOKEN, docs/metrics.md): what
// the requests did (request-counts.ts), payments and messages (prom-client), and, read when
// scraped, what is kept and waiting. Every label's values come from a short list (routes by their
// pattern, statuses, providers), so the series stay few whatever clients send.
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { queriesSent } from "../db/query-count";
import { createRequestCounts } from "./request-counts";

/** What became of a payment, as counted where orders settle (server/domain/orders.ts). */
export type PaymentOutcome =
  | "paid"
  | "on_hold"
  | "paid_after_expiry"
  | "declined"
  | "failed"
  | "cancelled"
  | "rejected"
  | "mismatch"
  | "expired";

/** What is read from the services when scraped (server/metrics/scraped.ts). */
export type ScrapeSources = {
  databaseKind: string;
  /** Answers kept by the page cache, and their bytes. */
  pageCache: () => { entries: number; bytes: number };
  /** Messages waiting in each outbox folder; null for a channel sent by SMTP or a gateway. */
  outboxes: () => Promise<{ channel: "mail" | "sms"; waiting: number | null }[]>;
  /** When the newest whole backup was taken; null when there is none; throws when it cannot be known. */
  lastBackup: () => Promise<Date | null>;
};

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  let defaultsOn = false;

  const requests = createRequestCounts();
  const payments = new Counter({
    name: "maktab_payments_total",
    help: "Payment outcomes where orders settle, by provider and mode (test: no money moved)",
    labelNames: ["provider", "mode", "outcome"] as const,
    registers,
  });
  const messages = new Counter({
    name: "maktab_messages_total",
    help: "Mail and text messages handed on (sent) or not (failed), by channel and transport",
    labelNames: ["channel", "transport", "outcome"] as const,
    registers,
  });
  const sending = new Gauge({
    name: "maktab_messages_sending",
    help: "Mail and text messages being handed to SMTP, the SMS gateway or the outbox now",
    labelNames: ["channel"] as const,
    registers,
  });

  let sources: ScrapeSources | undefined;
  new Counter({
    name: "maktab_database_queries_total",
    help: "Statements sent to the database by this process (PGlite or PostgreSQL)",
    labelNames: ["database"] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ database: sources?.databaseKind ?? "unknown" }, queriesSent.total);
    },
  });
  new Gauge({
    name: "maktab_page_cache_entries",
    help: "Answers kept in this process's page cache",
    registers,
    collect() {
      if (sources) this.set(sources.pageCache().entries);
    },
  });
  new Gauge({
    name: "maktab_page_cache_bytes",
    help: "Bytes of the answers kept in this process's page cache",
    registers,
    collect() {
      if (sources) this.set(sources.pageCache().bytes);
    },
  });
  new Gauge({
    name: "maktab_outbox_messages",
    help: "Messages written to an outbox folder (DATA_DIR/outbox) and not taken away: no SMTP_URL or SMS_URL",
    labelNames: ["channel"] as const,
    registers,
    async collect() {
      this.reset();
      for (const { channel, waiting } of (await sources?.outboxes()) ?? []) {
        if (waiting !== null) this.set({ channel }, waiting);
      }
    },
  });
  new Gauge({
    name: "maktab_backup_age_seconds",
    help: "Seconds since the newest whole backup in BACKUP_DIR was taken (+Inf: none there; NaN: the bucket did not answer)",
    registers,
    async collect() {
      if (!sources) return;
      const last = await sources.lastBackup().catch(() => undefined);
      if (last === undefined) this.set(Number.NaN);
      else if (last === null) this.set(Number.POSITIVE_INFINITY);
      else this.set(Math.max(0, (Date.now() - last.getTime()) / 1000));
    },
  });

  return {
    registry,

    /** The sources read when scraped, and Node's own metrics (memory, CPU, event loop). */
    watch(scraped: ScrapeSources) {
      sources = scraped;
      if (!defaultsOn) collectDefaultMetrics({ register: registry });
      defaultsOn = true;
    },

    requestStarted: requests.started,

    /** One answered request: `status` is null when the client went away before its answer. */
    requestEnded: requests.ended,

    payment(provider: string, testMode: boolean, outcome: PaymentOutcome) {
      payments.inc({ provider, mode: testMode ? "test" : "live", outcome });
    },

    /** Counts a message's sending: call the answer when it is handed on or has failed. */
    messageSending(channel: "mail" | "sms", transport: string): (outcome: "sent" | "failed") => void {
      sending.inc({ channel });
      return (outcome) => {
        sending.dec({ channel });
        messages.inc({ channel, transport, outcome });
      };
    },

    /** The exposition text, and its content type. */
    async scrape(): Promise<{ text: string; contentType: string }> {
      return { text: `${requests.text()}\n${await registry.metrics()}`, contentType: registry.contentType };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
