// autocannon ships no types; these are the parts the bench uses.
declare module "autocannon" {
  type Histogram = {
    average: number;
    mean: number;
    min: number;
    max: number;
    p50: number;
    p99: number;
    total?: number;
  };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  };
  /** A request as autocannon builds it; setupRequest may change it before each send. */
  export type RequestData = {
    method?: string;
    path: string;
    headers: Record<string, string>;
    body?: string | Buffer;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests (instead of after `duration`). */
    amount?: number;
    headers?: Record<string, string>;
    timeout?: number;
    /** Called with each connection's client: its "headers" event gives each answer's raw headers. */
    setupClient?: (client: {
      on(event: "headers", listener: (answer: { headers: string[] }) => void): void;
    }) => void;
    requests?: { setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData }[];
  };
  /** The run: awaited for its result; stop() ends it early (the result then covers what ran). */
  function autocannon(options: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
