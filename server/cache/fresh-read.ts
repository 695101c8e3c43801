// One read shared by every caller who may use it. A caller may share a read only if it began
// after the caller arrived, or the caller could miss a change made just before it asked: the
// page cache promises that a change finished on one process shows on the next request to any
// other. So a caller who finds a read under way waits for the next one, which starts when that
// one ends and serves everyone who arrived meanwhile. Under load this is one query in flight
// at a time instead of one per request, and no answer older than the request.
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;

  const start = () => {
    const current = read();
    running = current;
    const done = () => {
      if (running === current) running = null;
    };
    current.then(done, done);
    return current;
  };

  return () => {
    if (!running) return start();
    if (!queued) {
      const after = running;
      queued = after
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          queued = null;
          return start();
        });
    }
    return queued;
  };
}
