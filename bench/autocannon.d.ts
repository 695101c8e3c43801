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
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
