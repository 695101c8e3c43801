// A statement sent on a connection that the server no longer answers (a frozen host, a network
// that drops packets, a proxy that stopped passing bytes) would wait until TCP gives up, about a
// quarter of an hour; statement_timeout cannot help, since it is the server that enforces it.
// So while the pool has connections open and none of them heard from the server since the last
// look, a heartbeat asks the server `select 1` on a connection of its own. When no answer comes
// within the check timeout, every connection of the pool that was silent all along is closed with
// DatabaseNotAnswering: their statements fail at once (503) and later ones connect afresh. An
// error that is an answer (a refused connection, a shutdown) closes nothing: the pool's
// connections meet it themselves.
import net from "node:net";
import postgres from "postgres";
import { answerWithin, DatabaseNotAnswering } from "./unavailable";

/** What postgres.js passes its `socket` option: the address it parsed from the URL. */
type Address = { host: string[]; port: number[]; path?: string | false };

export type StallWatch = {
  /** The pool's `socket` option: opens its connections, and keeps them in view. */
  socket: (address: Address) => net.Socket;
  stop(): Promise<void>;
};

/** Opens a connection as postgres.js would (the first host of the URL, or a Unix socket). */
function opener(into: Set<net.Socket>) {
  return (address: Address) => {
    const host = address.host[0] ?? "localhost";
    const port = address.port[0] ?? 5432;
    const socket = address.path ? net.connect(address.path) : net.connect(port, host);
    // postgres.js reads these for TLS (the server's name) and for its errors' messages.
    Object.assign(socket, { host, port });
    into.add(socket);
    return socket;
  };
}

export function watchForStalls(
  url: string,
  { checkMs, connectSeconds }: { checkMs: number; connectSeconds: number },
): StallWatch {
  const pool = new Set<net.Socket>();
  const own = new Set<net.Socket>();
  const heard = new WeakMap<net.Socket, number>();
  // postgres.js takes a `socket` option (a function that opens the connection) that its types leave out.
  const options = {
    max: 1,
    connect_timeout: connectSeconds,
    idle_timeout: Math.max(1, (checkMs * 4) / 1000),
    fetch_types: false,
    onnotice: () => {},
    socket: opener(own),
  };
  const heartbeat = postgres(url, options);
  let beating = false;

  /** Whether the server sent the pool anything since the last look. */
  function poolHeardFrom(): boolean {
    let heardFrom = false;
    for (const socket of pool) {
      if (socket.destroyed) {
        pool.delete(socket);
        continue;
      }
      const read = socket.bytesRead;
      if (read > (heard.get(socket) ?? 0)) heardFrom = true;
      heard.set(socket, read);
    }
    return heardFrom;
  }

  /**
   * Closes the heartbeat's connections and those of the pool that were open when it asked and
   * heard nothing since: a connection made or answered meanwhile (the server came back while the
   * heartbeat waited) carries on, or a request that had just been answered again would fail.
   */
  function closeSilent(asked: Map<net.Socket, number>, error: DatabaseNotAnswering) {
    for (const [socket, read] of asked) if (socket.bytesRead <= read) socket.destroy(error);
    for (const socket of own) socket.destroy(error);
  }

  function look() {
    for (const socket of own) if (socket.destroyed) own.delete(socket);
    if (beating || poolHeardFrom() || pool.size === 0) return;
    beating = true;
    const asked = new Map([...pool].map((socket) => [socket, socket.bytesRead]));
    answerWithin(heartbeat`select 1`, checkMs)
      .catch((error: unknown) => {
        if (error instanceof DatabaseNotAnswering) closeSilent(asked, error);
      })
      .finally(() => {
        beating = false;
      });
  }

  const timer = setInterval(look, Math.max(250, checkMs / 2));
  timer.unref();
  return {
    socket: opener(pool),
    async stop() {
      clearInterval(timer);
      await heartbeat.end({ timeout: 1 });
    },
  };
}
