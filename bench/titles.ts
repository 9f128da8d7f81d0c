/**
 * Why this exists: realistic Chinese titles for the generated catalogue, so search keywords hit the
 * selectivities real clients see (a common 1-character keyword matches many titles, a 4-character trope
 * few, a rare one none). Short dramas are built like real ones (opening + role + ending + episodes);
 * the other types from well-known names with release suffixes. Deterministic given the random source.
 */
import type { ContentType } from './generate.js';

type Pick = <T>(list: readonly T[]) => T;

const OPENINGS =
  '闪婚 重生 隐婚 替嫁 离婚后 穿越 逆袭 回到八零 千金归来 战神归来 神医 萌宝 契约 错嫁 带球跑 退婚后 全家读心 下山 团宠 夫人她'.split(' ');
const ROLES =
  '霸道总裁 真千金 假千金 赘婿 豪门少奶奶 冷面王爷 首富老公 神秘大佬 小娇妻 女帝 外卖小哥 村花 战王 傅少 顾总 厉先生 保安 神豪 侯府嫡女 世子妃'.split(
    ' ',
  );
const ENDINGS =
  '宠上天 杀疯了 又美又飒 追妻火葬场 掉马了 不好惹 的复仇 每天都在打脸 她超甜 逆天改命 归来 请自重 马甲藏不住了 震惊全城 撩爆了'.split(' ');
const NAMES: Record<Exclude<ContentType, 'post' | 'extsrc'>, string[]> = {
  dongman:
    '斗罗大陆 完美世界 凡人修仙传 吞噬星空 仙逆 遮天 一人之下 灵笼 间谍过家家 咒术回战 海贼王 葬送的芙莉莲 鬼灭之刃 进击的巨人 机器人之梦 斗破苍穹 武动乾坤 画江湖之不良人 时光代理人 罗小黑战记'.split(
      ' ',
    ),
  movie:
    '流浪地球2 满江红 孤注一掷 消失的她 热辣滚烫 第二十条 封神第一部 长安三万里 飞驰人生2 周处除三害 奥本海默 沙丘2 哪吒之魔童闹海 唐探1900 抓娃娃 热烈 让子弹飞 我不是药神 你好，李焕英 无间道'.split(
      ' ',
    ),
  tv: '繁花 狂飙 庆余年第二季 漫长的季节 长相思 莲花楼 去有风的地方 玫瑰的故事 与凤行 墨雨云间 甄嬛传 琅琊榜 人世间 知否知否应是绿肥红瘦 藏海传 白夜追凶 山海情 开端 隐秘的角落 大江大河'.split(
    ' ',
  ),
  xuexi:
    'Python零基础入门 高等数学精讲 考研英语词汇 Excel数据透视表实战 PS从入门到精通 剪映短视频剪辑 雅思口语7分 会计初级职称 Java高并发编程 素描基础教程 公务员行测 吉他弹唱速成 React前端实战 日语N2语法 家庭理财课 AI绘画入门'.split(
      ' ',
    ),
};
const SUFFIXES: Record<keyof typeof NAMES, string[]> = {
  dongman: [' 更新至第89集', ' 第二季', ' 剧场版', ' 全集', ' 1080P', ' 年番'],
  movie: ['', ' 4K', ' 1080P', ' 国语中字', ' 导演剪辑版', ' 高清'],
  tv: ['（全集）', '（更新至12集）', '（全40集）', '（4K高码率）', '（国语）', '（未删减版）'],
  xuexi: ['【完整版】', '【全套课程】', '【第2期】', '【视频+讲义】', '【2025新版】', '【附资料】'],
};

export function makeTitle(type: ContentType, pick: Pick, next: () => number): string {
  if (type === 'post' || type === 'extsrc') {
    const base = `${pick(OPENINGS)}${next() < 0.4 ? '后' : ''}${pick(ROLES)}${pick(ENDINGS)}`;
    return next() < 0.6 ? `${base}（${20 + Math.floor(next() * 100)}集）` : base;
  }
  const name = pick(NAMES[type]);
  const year = next() < 0.3 ? ` ${2000 + Math.floor(next() * 26)}` : '';
  return `${name}${year}${pick(SUFFIXES[type])}`;
}
