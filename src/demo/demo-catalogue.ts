/**
 * The bundled demo catalogue: a few thousand realistic entries over the six types, built from title
 * parts the way real short-drama catalogues name things (trope + role + episode count), with
 * netdisk-style links. Deterministic (seeded), except that times are relative to the moment of loading,
 * so "today" always has entries.
 */
import type { EntryInput } from '../catalogue/catalogue-store.js';
import type { ContentType } from '../shared/content-types.js';
import { formatUpdateTime } from '../shared/local-time.js';
import { seededRandom } from './seeded-random.js';

const SHORT_DRAMA = {
  openings: [
    '闪婚',
    '重生',
    '隐婚',
    '替嫁',
    '离婚后',
    '穿越',
    '逆袭',
    '回到八零',
    '千金归来',
    '战神归来',
    '神医',
    '萌宝',
    '契约',
    '错嫁',
    '带球跑',
  ],
  middles: [
    '霸道总裁',
    '真千金',
    '赘婿',
    '豪门少奶奶',
    '冷面王爷',
    '首富老公',
    '神秘大佬',
    '小娇妻',
    '女帝',
    '外卖小哥',
    '村花',
    '战王',
    '傅少',
  ],
  endings: [
    '宠上天',
    '杀疯了',
    '又美又飒',
    '追妻火葬场',
    '掉马了',
    '不好惹',
    '的复仇',
    '每天都在打脸',
    '她超甜',
    '逆天改命',
    '归来',
    '请自重',
  ],
};
const TITLES: Record<Exclude<ContentType, 'post' | 'extsrc'>, string[]> = {
  dongman: [
    '斗罗大陆',
    '完美世界',
    '凡人修仙传',
    '吞噬星空',
    '仙逆',
    '遮天',
    '一人之下',
    '灵笼',
    '间谍过家家',
    '咒术回战',
    '海贼王',
    '葬送的芙莉莲',
    '鬼灭之刃',
    '进击的巨人',
    '蜘蛛侠：纵横宇宙',
    '机器人之梦',
  ],
  movie: [
    '流浪地球2',
    '满江红',
    '孤注一掷',
    '消失的她',
    '热辣滚烫',
    '第二十条',
    '封神第一部',
    '长安三万里',
    '飞驰人生2',
    '周处除三害',
    '奥本海默',
    '沙丘2',
    '哪吒之魔童闹海',
    '唐探1900',
    '抓娃娃',
    '热烈',
  ],
  tv: [
    '繁花',
    '狂飙',
    '庆余年第二季',
    '漫长的季节',
    '长相思',
    '莲花楼',
    '去有风的地方',
    '玫瑰的故事',
    '与凤行',
    '墨雨云间',
    '甄嬛传',
    '琅琊榜',
    '人世间',
    '知否知否应是绿肥红瘦',
    '藏海传',
    '白夜追凶',
  ],
  xuexi: [
    'Python零基础入门',
    '高等数学精讲',
    '考研英语词汇',
    'Excel数据透视表实战',
    'PS从入门到精通',
    '剪映短视频剪辑',
    '雅思口语7分',
    '会计初级职称',
    'Java高并发编程',
    '素描基础教程',
    '公务员行测',
    '吉他弹唱速成',
    'React前端实战',
    '日语N2语法',
    '家庭理财课',
    'AI绘画入门',
  ],
};
const MOVIE_SUFFIX = ['', ' 4K', ' 1080P', ' 国语中字', ' 导演剪辑版'];
const TV_SUFFIX = ['全集', '更新至12集', '全40集', '4K高码率', '国语'];
const DONGMAN_SUFFIX = ['更新至第89集', '第二季', '剧场版', '全集', '1080P'];
const XUEXI_SUFFIX = ['完整版', '全套课程', '第2期', '视频+讲义', '2025新版'];
const HOSTS = ['https://pan.quark.cn/s/', 'https://pan.baidu.com/s/1', 'https://www.alipan.com/s/', 'https://pan.xunlei.com/s/'];

const COUNTS: Record<ContentType, number> = { post: 1600, extsrc: 500, dongman: 350, movie: 350, tv: 350, xuexi: 250 };

/**
 * @param nowLocalSeconds the current wall-clock time in the catalogue's zone, as local seconds.
 */
export function demoCatalogue(nowLocalSeconds: number): EntryInput[] {
  const next = seededRandom(20240601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const entries: EntryInput[] = [];
  const todayStart = nowLocalSeconds - (nowLocalSeconds % 86_400);
  let serial = 0;
  for (const [type, count] of Object.entries(COUNTS) as Array<[ContentType, number]>) {
    for (let i = 0; i < count; i++) {
      serial++;
      // About one entry in twelve is from today (before now); the rest spread over 120 days.
      const time =
        next() < 0.08
          ? todayStart + Math.floor(next() * Math.max(1, nowLocalSeconds - todayStart))
          : todayStart - Math.floor(next() * 120 * 86_400) - 1;
      entries.push({
        title: title(type, pick, next),
        source_link: `${pick(HOSTS)}${code(next, serial)}`,
        type,
        update_time: formatUpdateTime(time),
      });
    }
  }
  return entries;
}

function title(type: ContentType, pick: <T>(list: readonly T[]) => T, next: () => number): string {
  if (type === 'post' || type === 'extsrc') {
    const base = `${pick(SHORT_DRAMA.openings)}${next() < 0.5 ? '后' : ''}${pick(SHORT_DRAMA.middles)}${pick(SHORT_DRAMA.endings)}`;
    const episodes = 40 + Math.floor(next() * 80);
    return next() < 0.6 ? `${base}（${episodes}集）` : base;
  }
  const name = pick(TITLES[type]);
  if (type === 'movie') return `${name}${pick(MOVIE_SUFFIX)}`;
  if (type === 'tv') return `${name}（${pick(TV_SUFFIX)}）`;
  if (type === 'dongman') return `${name} ${pick(DONGMAN_SUFFIX)}`;
  return `${name}【${pick(XUEXI_SUFFIX)}】`;
}

function code(next: () => number, serial: number): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let text = '';
  for (let i = 0; i < 10; i++) text += alphabet[Math.floor(next() * alphabet.length)];
  return `${text}${serial.toString(36)}`;
}
