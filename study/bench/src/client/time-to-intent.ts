/**
 * Time to intent: how long after a request a receiver decoding the model's stream knows the
 * intent. Feeds each piece of the answer (ChatRequest.onText) to the codec's
 * streaming decoder and notes when the intent part arrives; the answer's decode itself stays
 * with the judge.
 */
import { createDecoder, type SilpOptions } from "silp";

export interface IntentTiming {
  /** Seconds from the watcher's creation to the intent part; undefined if it never arrived. */
  intentSeconds?: number;
  intent?: string;
  /** Characters received when the intent was known (through the piece that completed it). */
  intentAfterChars?: number;
}

export interface IntentWatcher {
  /** Pass as `ChatRequest.onText`. */
  onText(text: string): void;
  timing(): IntentTiming;
}

/** A watcher for one answer in `frontend` ("code" or "json"); `now` is injectable for tests. */
export function watchIntent(frontend: string, options?: SilpOptions, now: () => number = () => performance.now()): IntentWatcher {
  const started = now();
  const decoder = createDecoder(frontend, options);
  const timing: IntentTiming = {};
  let received = 0;
  let watching = true;
  return {
    onText(text: string): void {
      if (!watching) return;
      try {
        for (const part of decoder.push(text)) {
          if (part.kind === "intent") {
            timing.intent = part.intent;
            timing.intentSeconds = (now() - started) / 1000;
            timing.intentAfterChars = received + text.length;
            watching = false;
          }
        }
      } catch {
        // A stream over the input limit: the intent will not be known early; the judge sees the answer.
        watching = false;
      }
      received += text.length;
    },
    timing: () => ({ ...timing }),
  };
}
