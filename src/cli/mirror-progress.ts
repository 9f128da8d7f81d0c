/**
 * What `mirror` and `sources poll` show while an upstream is read: every wait announced as it starts
 * ("next full dump allowed in 58 s"), every retry with its reason, and on a terminal a progress bar of
 * the bytes and items of the dump being read (cli-progress). Scripts and logs get the lines only.
 */
import { SingleBar } from 'cli-progress';
import type { ClientEvent } from '../client/catalogue-client.js';

export interface MirrorProgress {
  onEvent(event: ClientEvent): void;
  stop(): void;
}

export function mirrorProgress(label: string): MirrorProgress {
  const tty = process.stderr.isTTY === true;
  const bar = tty
    ? new SingleBar({
        format: `${label} {what} [{bar}] {received} MB, {items} items`,
        stream: process.stderr,
        hideCursor: true,
        clearOnComplete: true,
      })
    : undefined;
  let shown = false;
  const line = (text: string) => {
    if (shown) {
      bar?.stop();
      shown = false;
    }
    process.stderr.write(`${label}: ${text}\n`);
  };
  return {
    onEvent(event) {
      if (event.kind === 'waiting') line(`${event.reason}; waiting ${Math.ceil(event.ms / 1000)} s`);
      else if (event.kind === 'retrying') line(`${event.reason}; attempt ${event.attempt} in ${Math.ceil(event.ms / 1000)} s`);
      else if (event.kind === 'progress' && bar) {
        const payload = { what: event.what, received: (event.bytes / 1e6).toFixed(1), items: event.items };
        const total = event.totalBytes ?? Math.max(event.bytes, 1);
        if (!shown) bar.start(total, event.bytes, payload);
        else bar.setTotal(total);
        bar.update(event.bytes, payload);
        shown = true;
      }
    },
    stop() {
      if (shown) bar?.stop();
      shown = false;
    },
  };
}
