/**
 * Why this exists: the request streams of real traffic, which a replayed URL does not show (every
 * repeat is answered from ready bytes). Distinct searches walk the keyword corpus once; distinct deep
 * pages walk every (type, page, limit) once; the Zipf mix puts most requests on a few keywords, as
 * popular searches do. Seeded, so runs are comparable. Each target port gets its own cursor, so the bare
 * server's requests never use up dramadex's distinct URLs.
 */
import { seededRandom } from '../src/demo/seeded-random.js';
import type { Keyword } from './keyword-corpus.js';
import type { PostRequest } from './load.js';

const TYPES = ['post', 'dongman', 'movie', 'tv', 'xuexi', 'extsrc'];
const LIMITS = [20, 50, 100];
const DEEPEST_PAGE = 1000;
const SEARCH_PAGES = 20;
/** The Zipf stream's length before it repeats itself, and the share of its requests for page 1. */
const ZIPF_LENGTH = 200_000;
const ZIPF_FIRST_PAGE = 0.8;

const searchPath = (keyword: string, page: number) =>
  `/api/search?keyword=${encodeURIComponent(keyword)}${page > 1 ? `&page=${page}` : ''}`;

/** URLs (or posts) handed out in order, from a cursor of its own per port; `sample` is kept out of the stream. */
export class PathStream<Request = string> {
  private readonly cursors = new Map<number, number>();

  constructor(
    private readonly paths: Request[],
    /** Requests like the stream's, never sent by it: what the bare server's body size is taken from. */
    readonly sample: Request[],
  ) {}

  next(port: number): Request {
    const at = this.cursors.get(port) ?? 0;
    this.cursors.set(port, at + 1);
    return this.paths[at % this.paths.length] as Request;
  }
}

/**
 * Every keyword of the corpus once as a PanSou client asks it (docs/pansou.md): `POST {base}/api/search`
 * with `{"kw": …}`, merged by type, with `limit` links (20: the catalogue page's items, like for like) or
 * none (tg-pansou-bot's request: PANSOU_MAX_RESULTS, 200). Walks the corpus from its other end, so its
 * keywords are new to a server that ran the catalogue stream.
 */
export function distinctPansouSearches(corpus: Keyword[], limit: number | undefined, base = '/pansou'): PathStream<PostRequest> {
  const requests = [...corpus].reverse().map(({ keyword }) => ({
    method: 'POST' as const,
    path: `${base}/api/search`,
    body: JSON.stringify(limit === undefined ? { kw: keyword } : { kw: keyword, limit }),
  }));
  return new PathStream(requests.slice(0, -100), requests.slice(-100));
}

function shuffle<T>(items: T[], next: () => number): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}

/**
 * Every keyword of the corpus once, on a page from 1 to 20; the last 100 are the sample. `fromEnd`
 * walks the corpus from its other end, so a second stream in the same run still asks new keywords.
 */
export function distinctSearches(corpus: Keyword[], fromEnd = false): PathStream {
  const next = seededRandom(fromEnd ? 1204 : 1201);
  const ordered = fromEnd ? [...corpus].reverse() : corpus;
  const paths = ordered.map(({ keyword }) => searchPath(keyword, 1 + Math.floor(next() * SEARCH_PAGES)));
  return new PathStream(paths.slice(0, -100), paths.slice(-100));
}

/** Six types × pages 1–1000 × limit 20, 50 or 100, each once, shuffled. */
export function distinctDeepPages(): PathStream {
  const paths = TYPES.flatMap((type) =>
    Array.from({ length: DEEPEST_PAGE }, (_, page) =>
      LIMITS.map((limit) => `/api/contents/${type}?page=${page + 1}&limit=${limit}`),
    ).flat(),
  );
  shuffle(paths, seededRandom(1202));
  return new PathStream(paths.slice(0, -100), paths.slice(-100));
}

/** CJK Extension A (U+3400–U+4DBF): no generated title uses these characters. */
const EXTENSION_A = 0x3400;
const EXTENSION_A_SIZE = 0x4dc0 - EXTENSION_A;
const NO_MATCH_LENGTH = 200_000;

/**
 * Distinct two-character keywords that match nothing: every request is a new search whose engine time is
 * a few microseconds, so the stream measures what HTTP and the trip to the search worker cost around it.
 */
export function distinctNoMatchSearches(): PathStream {
  const keyword = (index: number) =>
    String.fromCharCode(EXTENSION_A + (index % EXTENSION_A_SIZE), EXTENSION_A + (Math.floor(index / EXTENSION_A_SIZE) % EXTENSION_A_SIZE));
  const paths = Array.from({ length: NO_MATCH_LENGTH + 100 }, (_, index) => searchPath(keyword(index), 1));
  return new PathStream(paths.slice(0, -100), paths.slice(-100));
}

/** Keywords drawn with probability ∝ 1/rank (Zipf, s = 1), mostly page 1. */
export function zipfMix(corpus: Keyword[]): PathStream {
  const next = seededRandom(1203);
  const weights = corpus.map((_, rank) => 1 / (rank + 1));
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  for (const [rank, weight] of weights.entries()) cumulative[rank] = sum += weight;
  const draw = () => {
    const target = next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((cumulative[mid] as number) < target) low = mid + 1;
      else high = mid;
    }
    const page = next() < ZIPF_FIRST_PAGE ? 1 : 2 + Math.floor(next() * 4);
    return searchPath((corpus[low] as Keyword).keyword, page);
  };
  return new PathStream(Array.from({ length: ZIPF_LENGTH }, draw), Array.from({ length: 100 }, draw));
}
