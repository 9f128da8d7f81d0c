/**
 * fast-check with its seed always known: every property runs under one seed per process (FC_SEED when
 * set, so a failure can be replayed exactly; a fresh one otherwise), and a failure's message starts with
 * that seed and the command to replay it, also where fast-check's own report would be cut short (a
 * property that throws outside its predicate, an async property that rejects oddly).
 */
import fc from 'fast-check';

export const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);

function withSeed(error: unknown): Error {
  const replay = `fast-check seed ${SEED} (replay: FC_SEED=${SEED} npx tsx --test <this file>)`;
  if (error instanceof Error) {
    error.message = `${replay}\n${error.message}`;
    return error;
  }
  return new Error(`${replay}\n${String(error)}`);
}

export function assertProperty<Ts>(property: fc.IAsyncProperty<Ts>, params?: fc.Parameters<Ts>): Promise<void>;
export function assertProperty<Ts>(property: fc.IProperty<Ts>, params?: fc.Parameters<Ts>): void;
export function assertProperty<Ts>(
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  params: fc.Parameters<Ts> = {},
): void | Promise<void> {
  try {
    const outcome = fc.assert(property as fc.IProperty<Ts>, { ...params, seed: SEED }) as void | Promise<void>;
    if (outcome instanceof Promise) return outcome.catch((error: unknown) => Promise.reject(withSeed(error)));
  } catch (error) {
    throw withSeed(error);
  }
}
