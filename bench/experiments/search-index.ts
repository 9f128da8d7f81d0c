/**
 * Micro-benchmark of the search index alone (no HTTP): builds it over N generated, realistic Chinese
 * titles and times `find` per kind of keyword, uncached (the cost of a new query) and cached (the next
 * pages of the same query), against the linear ScanSearch it replaced. Run: `npx tsx bench/experiments/search-index.ts
 * [titles=1000000] [all|build|queries|profile] [keyword]` (`build`: build times only; `queries`: no ScanSearch
 * comparison; `profile`: a CPU profile of 200 uncached searches for the keyword, written to search-query.cpuprofile).
 * Timings are wall-clock on whatever else the machine is doing, so CPU time is reported beside them.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Converter } from 'opencc-js/cn2t';
import type { StoredEntry } from '../../src/catalogue/catalogue-store.js';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { IndexedSearch } from '../../src/search/indexed-search.js';
import { CONTENT_TYPES, type ContentType } from '../../src/shared/content-types.js';
import { ScanSearch } from '../../test/search/support/scan-search.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const TITLES = Number(process.argv[2] ?? 1_000_000);
const MODE = process.argv[3] ?? 'all';

// A deterministic generator (mulberry32), so every run measures the same catalogue.
let seed = 20250101;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const OPENINGS =
  '闪婚 重生 隐婚 替嫁 离婚后 穿越 逆袭 回到八零 千金归来 战神归来 神医 萌宝 契约 错嫁 带球跑 退婚后 全家读心 下山 团宠 夫人她 我在 都市 无敌 修仙 天降 绝世 末日 重返 豪门 盛世'.split(
    ' ',
  );
const ROLES =
  '霸道总裁 真千金 假千金 赘婿 豪门少奶奶 冷面王爷 首富老公 神秘大佬 小娇妻 女帝 外卖小哥 村花 战王 傅少 顾总 厉先生 保安 神豪 侯府嫡女 世子妃 医妃 皇后 太子 师尊 校花 保姆 司机 少帅 影后 狂龙'.split(
    ' ',
  );
const ENDINGS =
  '宠上天 杀疯了 又美又飒 追妻火葬场 掉马了 不好惹 的复仇 每天都在打脸 她超甜 逆天改命 归来 请自重 马甲藏不住了 震惊全城 撩爆了 爱上我 别跑 太难追 被宠坏了 当道'.split(
    ' ',
  );
// The most frequent characters, for the free-form part of titles (real catalogues are not all tropes).
const COMMON = [
  ...'的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴切团唐妻云宫婚恋仙侠剑魔龙凤梦狼皇妃宠甜虐醉雪夜春秋冬夏星月桃李梅兰竹菊',
];
const LATIN = ['CEO', 'Love', 'AI', 'VIP', 'BOSS', 'Baby', 'Mr.', 'ONE'];
const toTraditional = Converter({ from: 'cn', to: 'tw' });

function makeTitle(): string {
  const roll = random();
  let title: string;
  if (roll < 0.55) title = `${pick(OPENINGS)}${random() < 0.3 ? '后' : ''}${pick(ROLES)}${pick(ENDINGS)}`;
  else if (roll < 0.9) {
    const length = 3 + Math.floor(random() * 8);
    title = Array.from({ length }, () => pick(COMMON)).join('');
  } else if (roll < 0.95) title = `${pick(ROLES)}${pick(LATIN)}${pick(ENDINGS)}`;
  else title = toTraditional(`${pick(OPENINGS)}${pick(ROLES)}${pick(ENDINGS)}`);
  const suffix = random();
  if (suffix < 0.45) return `${title}（${20 + Math.floor(random() * 80)}集）`;
  if (suffix < 0.55) return `${title} 第${1 + Math.floor(random() * 3)}季`;
  if (suffix < 0.6) return `【独播】${title}`;
  return title;
}

function makeEntries(count: number): StoredEntry[] {
  const start = Date.UTC(2023, 0, 1) / 1000;
  return Array.from({ length: count }, (_, index) => {
    const time = new Date((start + Math.floor(random() * 730 * 86_400)) * 1000).toISOString();
    return {
      id: index + 1,
      // Decoded from bytes, as a database driver hands titles over (flat strings, not concatenation ropes).
      title: Buffer.from(makeTitle()).toString(),
      source_link: `https://pan.example.com/s/${index + 1}`,
      type: (random() < 0.5 ? 'post' : pick(CONTENT_TYPES)) as ContentType,
      update_time: `${time.slice(0, 10)} ${time.slice(11, 19)}`,
    };
  });
}

function megabytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number;
}

interface Timing {
  median: number;
  p99: number;
  cpuMedian: number;
}

/** Wall-clock median and p99 plus the median CPU time per call, which other processes on a shared machine disturb less. */
function timeRuns(runs: number, body: () => void): Timing {
  for (let run = 0; run < Math.min(runs, 10); run++) body(); // warm-up: let the JIT settle first
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuBefore = process.cpuUsage();
    const begin = performance.now();
    body();
    wall.push(performance.now() - begin);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: percentile(wall, 0.5), p99: percentile(wall, 0.99), cpuMedian: percentile(cpu, 0.5) };
}

/** Wall-clock and CPU milliseconds of one call. */
function timeOnce(body: () => void): { wall: number; cpu: number } {
  const cpuBefore = process.cpuUsage();
  const begin = performance.now();
  body();
  const used = process.cpuUsage(cpuBefore);
  return { wall: performance.now() - begin, cpu: (used.user + used.system) / 1000 };
}

const entries = makeEntries(TITLES);
const view = new CatalogueView();
const batches: Int32Array[] = [];
for (let start = 0; start < entries.length; start += 50_000) batches.push(view.apply(entries.slice(start, start + 50_000)));
view.reorder();
collectGarbage();
const before = process.memoryUsage();

const engine = new IndexedSearch({ cachedResults: 0 });
const indexing = timeOnce(() => {
  for (const slots of batches) engine.index(view, slots);
});
const building = timeOnce(() => engine.prepare(view));
collectGarbage();
const after = process.memoryUsage();

const memory = engine.memory;
const perMillion = (bytes: number) => megabytes((bytes * 1_000_000) / TITLES);
console.log(`search index over ${TITLES.toLocaleString('en')} generated titles (node ${process.version}; shared 2-core machine)`);
console.log(
  `build: index() ${indexing.wall.toFixed(0)} ms (CPU ${indexing.cpu.toFixed(0)} ms), prepare() ${building.wall.toFixed(0)} ms (CPU ${building.cpu.toFixed(0)} ms); ` +
    `total ${(indexing.wall + building.wall).toFixed(0)} ms (CPU ${(indexing.cpu + building.cpu).toFixed(0)} ms)`,
);
const postings = memory.postingCount;
console.log(
  `index typed arrays ${megabytes(memory.total)} (${perMillion(memory.total)} per million titles): posting lists ${megabytes(memory.postings)} ` +
    `(${(postings / 1e6).toFixed(1)} M postings, ${(memory.postings / postings).toFixed(2)} bytes each), title code units ${megabytes(memory.texts)}, ` +
    `per-rank rows ${megabytes(memory.perRank)}, per-slot facts ${megabytes(memory.perSlot)}`,
);
console.log(
  `JS heap growth ${megabytes(after.heapUsed - before.heapUsed)}, RSS growth ${megabytes(after.rss - before.rss)}, process RSS ${megabytes(after.rss)}`,
);
if (MODE === 'build') {
  const firstPinyin = timeOnce(() => engine.find(view, 'bdzc'));
  console.log(
    `first pinyin search (builds the pinyin-pair lists, ${megabytes(engine.memory.postings - memory.postings)}): ` +
      `${firstPinyin.wall.toFixed(0)} ms (CPU ${firstPinyin.cpu.toFixed(0)} ms)`,
  );
  // An import that changes 2% of the titles: more than the delta keeps, so prepare() rebuilds, folding only
  // the changed titles and copying the others from the previous build.
  const changed = entries.filter((_, index) => index % 50 === 0).map((entry) => ({ ...entry, title: `${entry.title}续` }));
  const reindexing = timeOnce(() => engine.index(view, view.apply(changed)));
  view.reorder();
  const rebuilding = timeOnce(() => engine.prepare(view));
  console.log(
    `rebuild after ${changed.length.toLocaleString('en')} changed titles: index() ${reindexing.wall.toFixed(0)} ms (CPU ${reindexing.cpu.toFixed(0)} ms), ` +
      `prepare() ${rebuilding.wall.toFixed(0)} ms (CPU ${rebuilding.cpu.toFixed(0)} ms)`,
  );
  process.exit(0);
}
if (MODE === 'profile') {
  const keyword = process.argv[4] ?? '爱';
  for (let run = 0; run < 20; run++) engine.find(view, keyword);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const timing = timeRuns(200, () => engine.find(view, keyword));
  const { profile } = await session.post('Profiler.stop');
  writeFileSync('search-query.cpuprofile', JSON.stringify(profile));
  console.log(
    `${keyword}: median ${timing.median.toFixed(2)} ms, CPU median ${timing.cpuMedian.toFixed(2)} ms; profile in search-query.cpuprofile`,
  );
  process.exit(0);
}

const scan = new ScanSearch();
if (MODE === 'all') for (const slots of batches) scan.index(view, slots);
const cachedEngine = new IndexedSearch();
for (const slots of batches) cachedEngine.index(view, slots);
cachedEngine.prepare(view);

const KEYWORDS: Array<[string, string, ContentType | undefined]> = [
  ['1-char', '爱', undefined],
  ['2-char', '总裁', undefined],
  ['4-char', '霸道总裁', undefined],
  ['no match', '龘靐齉', undefined],
  ['Latin, literal', 'love', undefined],
  ['pinyin initials', 'bdzc', undefined],
  ['full pinyin', 'badaozongcai', undefined],
  ['two terms', '总裁 甜', undefined],
  ['type-filtered 2-char', '总裁', 'movie'],
  ['type-filtered 1-char', '爱', 'tv'],
];

console.log('');
console.log(
  '| keyword | kind | matches | indexed median | indexed p99 | indexed CPU median | cached median | scan median | scan CPU median | speed-up (CPU) |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;
for (const [kind, keyword, type] of KEYWORDS) {
  const matches = engine.find(view, keyword, type).length;
  const cold = timeRuns(60, () => engine.find(view, keyword, type));
  const warm = timeRuns(200, () => cachedEngine.find(view, keyword, type));
  const scanned = MODE === 'all' ? timeRuns(5, () => scan.find(view, keyword, type)) : undefined;
  const label = type ? `${keyword} (${type})` : keyword;
  const speedUp = scanned ? `${(scanned.cpuMedian / Math.max(cold.cpuMedian, 0.001)).toFixed(0)}×` : '–';
  console.log(
    `| ${label} | ${kind} | ${matches} | ${ms(cold.median)} | ${ms(cold.p99)} | ${ms(cold.cpuMedian)} | ${ms(warm.median, 3)} | ` +
      `${scanned ? ms(scanned.median, 1) : '–'} | ${scanned ? ms(scanned.cpuMedian, 1) : '–'} | ${speedUp} |`,
  );
}
