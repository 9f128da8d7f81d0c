/** Raw HTTP over a real socket from a chosen loopback source address: what a hostile or broken client sends. */
import { connect, type Socket } from 'node:net';

export interface RawExchange {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

/** Opens a connection from `localAddress` and waits until it is established. */
export function openRaw(port: number, localAddress = '127.0.0.1'): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<string>((done) => socket.on('close', () => done(Buffer.concat(chunks).toString('utf8'))));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.removeListener('error', reject);
      socket.on('error', () => undefined); // a reset after the answer is the server closing, not a failure
      resolve({ socket, closed });
    });
  });
}

/** Sends `request` as it is and returns what came back when the server closed the connection. */
export async function rawRequest(port: number, request: string | Buffer, localAddress?: string): Promise<string> {
  const { socket, closed } = await openRaw(port, localAddress);
  socket.write(request);
  return closed;
}

/** The status and the parsed JSON body of a raw HTTP/1.1 response (the first, if several). */
export function parseRaw(response: string): { status: number; headers: string; body: Record<string, unknown> | undefined } {
  const match = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(response);
  if (!match) throw new Error(`not an HTTP response: ${JSON.stringify(response.slice(0, 200))}`);
  const headers = match[2] as string;
  const length = /^content-length: *(\d+)/im.exec(headers);
  const text = length
    ? Buffer.from(match[3] as string)
        .subarray(0, Number(length[1]))
        .toString('utf8')
    : (match[3] as string);
  let body: Record<string, unknown> | undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: Number(match[1]), headers, body };
}
