/**
 * `start` and `hit` of family B (docs/decisions.md): `start` must be 1 and `hit` a positive integer up to a
 * configured ceiling, default 20. Checked by hand for the same reason as the catalogue's paging: a
 * schema lets `1e3`, `Infinity`, empty and repeated values through.
 */
import { badRequest, type Localized } from '../http/errors.js';

export const HIT_DEFAULT = 20;

export function parameterRules(hitMax: number): Record<string, Localized> {
  return {
    start: { zh: '1（起始页固定为 1）', en: '1 (the starting page is always 1)' },
    hit: { zh: `1 到 ${hitMax} 之间的整数，默认 ${HIT_DEFAULT}`, en: `an integer from 1 to ${hitMax}, default ${HIT_DEFAULT}` },
  };
}

type QueryValue = string | string[] | undefined;

function invalid(name: string, problem: Localized, rules: Record<string, Localized>) {
  const rule = rules[name];
  return badRequest({
    zh: `参数 ${name} 无效：${problem.zh}；应为${rule?.zh ?? ''}`,
    en: `Parameter ${name} is invalid: ${problem.en}; expected ${rule?.en ?? ''}`,
  });
}

export function parseStartAndHit(query: { start?: QueryValue; hit?: QueryValue }, hitMax: number): { start: 1; hit: number } {
  const rules = parameterRules(hitMax);
  if (Array.isArray(query.start)) throw invalid('start', { zh: '参数重复', en: 'given more than once' }, rules);
  if (query.start !== undefined && query.start !== '1') {
    throw invalid('start', { zh: `"${query.start}" 不是 1`, en: `"${query.start}" is not 1` }, rules);
  }
  const hit = query.hit;
  if (Array.isArray(hit)) throw invalid('hit', { zh: '参数重复', en: 'given more than once' }, rules);
  if (hit === undefined) return { start: 1, hit: HIT_DEFAULT };
  if (!/^-?\d{1,7}$/.test(hit)) throw invalid('hit', { zh: `"${hit}" 不是整数`, en: `"${hit}" is not an integer` }, rules);
  const number = Number(hit);
  if (number < 1 || number > hitMax) throw invalid('hit', { zh: `${hit} 超出范围`, en: `${hit} is out of range` }, rules);
  return { start: 1, hit: number };
}
