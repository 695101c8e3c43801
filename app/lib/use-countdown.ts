// A countdown of seconds given by the server. Null until the page's script runs (on the server
// and in the first render in the browser, which must match it): the page then shows a sentence
// that reads right without script ("in about 5 minutes"), and with script the live m:ss.
import { useEffect, useState } from "react";

/** Seconds left of `seconds` counted from when they arrived (`since` marks a new value). */
export function useCountdown(seconds: number, since: unknown): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    // `since` changes with every answer from the server, even one with the same seconds.
    void since;
    const endsAt = Date.now() + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [seconds, since]);
  return left;
}

/** Seconds as m:ss ("4:05"). */
export const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
