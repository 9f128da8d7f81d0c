/**
 * The bundled demo boards: short dramas and their (fictional) actors written the way the genre names
 * things, and well-known films, series, animation and variety shows for the family B lists. Scores
 * fall off down each board like a real hot list; links point at a portal search for the title.
 */
import type { Board } from '../../shared/board-names.js';

interface DemoDrama {
  title: string;
  genres: string[];
  actors?: string[];
  tag?: string;
  description: string;
}

interface DemoActor {
  name: string;
  gender: 'female' | 'male' | 'unknown';
  works: string[];
}

const HOT_DRAMAS: DemoDrama[] = [
  {
    title: '闪婚后，傅总每天都在追妻',
    genres: ['都市', '甜宠'],
    actors: ['林婉清', '顾北辰'],
    tag: '爆',
    description: '契约闪婚的设计师与冷面总裁，从互相试探到真心相守。',
  },
  {
    title: '重生八零：我靠摆摊成了万元户',
    genres: ['年代', '逆袭'],
    actors: ['苏念', '陆景行'],
    tag: '热',
    description: '重回一九八二年，她从夜市一个小摊做起，带全家过上好日子。',
  },
  {
    title: '千金归来杀疯了',
    genres: ['复仇', '豪门'],
    actors: ['江若雪', '萧逸尘'],
    tag: '热',
    description: '被调包二十年的真千金回到豪门，一步步揭开当年的真相。',
  },
  {
    title: '离婚后她惊艳了全世界',
    genres: ['都市', '大女主'],
    actors: ['许安然', '周子墨'],
    description: '三年婚姻换来一纸离婚协议，她转身成了顶级珠宝设计师。',
  },
  {
    title: '战神归来之护国龙婿',
    genres: ['战神', '都市'],
    actors: ['秦朗', '夏晚晴'],
    description: '北境战神隐姓埋名入赘江家，只为守护当年救他的女孩。',
  },
  {
    title: '我的女帝老婆',
    genres: ['古装', '穿越'],
    actors: ['沈星河', '叶知秋'],
    tag: '新',
    description: '现代厨师穿越成冷宫侍卫，意外被女帝看中。',
  },
  {
    title: '萌宝助攻：爹地快追妈咪',
    genres: ['萌宝', '甜宠'],
    actors: ['唐小糖', '陆景行'],
    description: '五岁天才萌宝带着妈妈回国，只为给她找回当年的那个人。',
  },
  {
    title: '神医下山',
    genres: ['都市', '医术'],
    actors: ['程一鸣', '白露'],
    description: '师父临终前的七封婚书，把山上长大的小神医带进了繁华都市。',
  },
  {
    title: '替嫁新娘：冷面王爷请自重',
    genres: ['古装', '甜宠'],
    actors: ['温言', '萧逸尘'],
    description: '庶女替姐出嫁冲喜，却发现传闻中病重的王爷另有隐情。',
  },
  {
    title: '回到八零当军嫂',
    genres: ['年代', '军婚'],
    actors: ['宋雨桐', '贺岩'],
    description: '一觉醒来成了刚过门的军嫂，她决定这辈子好好过。',
  },
  {
    title: '隐婚总裁的小娇妻',
    genres: ['都市', '甜宠'],
    actors: ['夏晚晴', '顾北辰'],
    description: '公司新来的实习生，竟是总裁藏了三年的隐婚妻子。',
  },
  { title: '赘婿当道', genres: ['逆袭', '都市'], actors: ['韩东', '苏念'], description: '受尽白眼的上门女婿，身份揭开那天全城震动。' },
  {
    title: '真千金她又美又飒',
    genres: ['豪门', '大女主'],
    actors: ['江若雪', '周子墨'],
    description: '被认回豪门的乡下丫头，原来是多个领域的神秘大佬。',
  },
  {
    title: '穿越之农门长姐',
    genres: ['古装', '种田'],
    actors: ['叶知秋', '程一鸣'],
    description: '带着四个弟妹逃荒的长姐，靠种田经商撑起一个家。',
  },
  {
    title: '错嫁豪门：首富老公宠上天',
    genres: ['豪门', '甜宠'],
    actors: ['林婉清', '秦朗'],
    description: '婚礼当天新郎换人，她嫁给了城中最神秘的首富。',
  },
  {
    title: '逆天改命：我在末世开超市',
    genres: ['末世', '系统'],
    actors: ['沈星河', '白露'],
    tag: '新',
    description: '末世降临，他的小超市成了整座城市最安全的地方。',
  },
  {
    title: '她从深渊来',
    genres: ['悬疑', '复仇'],
    actors: ['许安然', '贺岩'],
    description: '十年前那场大火的幸存者，带着新的身份回到了小镇。',
  },
  {
    title: '外卖小哥是首富',
    genres: ['都市', '逆袭'],
    actors: ['韩东', '唐小糖'],
    description: '为了体验生活送外卖的首富之子，在城中村遇见了她。',
  },
  {
    title: '傅少的掌心娇',
    genres: ['都市', '甜宠'],
    actors: ['温言', '沈星河'],
    description: '高冷傅少的软肋，是那个总在楼下喂猫的女孩。',
  },
  {
    title: '冷宫弃妃要翻身',
    genres: ['古装', '宫斗'],
    actors: ['宋雨桐', '萧逸尘'],
    description: '被打入冷宫的废妃，凭一手医术重回后宫之巅。',
  },
];

const ACTORS: DemoActor[] = [
  { name: '林婉清', gender: 'female', works: ['闪婚后，傅总每天都在追妻', '错嫁豪门：首富老公宠上天'] },
  { name: '顾北辰', gender: 'male', works: ['闪婚后，傅总每天都在追妻', '隐婚总裁的小娇妻'] },
  { name: '江若雪', gender: 'female', works: ['千金归来杀疯了', '真千金她又美又飒'] },
  { name: '苏念', gender: 'female', works: ['重生八零：我靠摆摊成了万元户', '赘婿当道'] },
  { name: '萧逸尘', gender: 'male', works: ['千金归来杀疯了', '替嫁新娘：冷面王爷请自重', '冷宫弃妃要翻身'] },
  { name: '陆景行', gender: 'male', works: ['重生八零：我靠摆摊成了万元户', '萌宝助攻：爹地快追妈咪'] },
  { name: '许安然', gender: 'female', works: ['离婚后她惊艳了全世界', '她从深渊来'] },
  { name: '沈星河', gender: 'male', works: ['我的女帝老婆', '逆天改命：我在末世开超市', '傅少的掌心娇'] },
  { name: '叶知秋', gender: 'female', works: ['我的女帝老婆', '穿越之农门长姐'] },
  { name: '周子墨', gender: 'male', works: ['离婚后她惊艳了全世界', '真千金她又美又飒'] },
  { name: '夏晚晴', gender: 'female', works: ['战神归来之护国龙婿', '隐婚总裁的小娇妻'] },
  { name: '秦朗', gender: 'male', works: ['战神归来之护国龙婿', '错嫁豪门：首富老公宠上天'] },
  { name: '唐小糖', gender: 'female', works: ['萌宝助攻：爹地快追妈咪', '外卖小哥是首富'] },
  { name: '程一鸣', gender: 'male', works: ['神医下山', '穿越之农门长姐'] },
  { name: '温言', gender: 'female', works: ['替嫁新娘：冷面王爷请自重', '傅少的掌心娇'] },
  { name: '韩东', gender: 'male', works: ['赘婿当道', '外卖小哥是首富'] },
  { name: '白露', gender: 'female', works: ['神医下山', '逆天改命：我在末世开超市'] },
  { name: '贺岩', gender: 'male', works: ['回到八零当军嫂', '她从深渊来'] },
  { name: '宋雨桐', gender: 'female', works: ['回到八零当军嫂', '冷宫弃妃要翻身'] },
  { name: '小鹿', gender: 'unknown', works: ['萌宝助攻：爹地快追妈咪'] },
];

const SHORT_DRAMAS: DemoDrama[] = [
  {
    title: '我在八零年代当后妈',
    genres: ['年代', '家庭'],
    actors: ['宋雨桐', '韩东'],
    description: '嫁给带着三个孩子的厂长，她把日子过成了全院最红火的一家。',
  },
  {
    title: '总裁的替身前妻',
    genres: ['都市', '虐恋'],
    actors: ['夏晚晴', '周子墨'],
    description: '她一直以为自己是替身，直到看见那本写满她名字的日记。',
  },
  { title: '龙王殿', genres: ['战神', '都市'], actors: ['秦朗', '白露'], description: '龙王殿殿主回归都市，只为查清当年灭门的幕后黑手。' },
  {
    title: '我的师父是女帝',
    genres: ['古装', '玄幻'],
    actors: ['沈星河', '叶知秋'],
    description: '废柴少年拜入无名山门，师父竟是千年前的女帝。',
  },
  {
    title: '偏偏宠爱',
    genres: ['校园', '甜宠'],
    actors: ['唐小糖', '程一鸣'],
    description: '转学第一天，她就和学校里最难搞的男生成了同桌。',
  },
  { title: '盛世医妃', genres: ['古装', '医术'], actors: ['温言', '萧逸尘'], description: '现代军医穿成将军府嫡女，一手金针名动京城。' },
  {
    title: '退婚后我成了首富',
    genres: ['逆袭', '都市'],
    actors: ['韩东', '许安然'],
    description: '被当众退婚的穷小子，三个月后成了全城最大的投资人。',
  },
  {
    title: '大小姐的贴身高手',
    genres: ['都市', '动作'],
    actors: ['贺岩', '江若雪'],
    description: '退役特种兵给豪门大小姐当保镖，麻烦一个接着一个。',
  },
  {
    title: '重生之嫡女谋',
    genres: ['古装', '重生'],
    actors: ['林婉清', '陆景行'],
    description: '前世被庶妹害死的嫡女重生回到十五岁，这一次她不再心软。',
  },
  {
    title: '闪婚老公是大佬',
    genres: ['都市', '甜宠'],
    actors: ['苏念', '顾北辰'],
    description: '为了应付催婚随手领证，她的闪婚老公来头不小。',
  },
  {
    title: '天下第一赘婿',
    genres: ['古装', '逆袭'],
    actors: ['程一鸣', '宋雨桐'],
    description: '入赘商户的书生，凭一身本事搅动朝堂风云。',
  },
  { title: '消失的新娘', genres: ['悬疑', '都市'], actors: ['许安然', '贺岩'], description: '婚礼前夜新娘失踪，所有人都在说谎。' },
  {
    title: '家有萌妻',
    genres: ['甜宠', '喜剧'],
    actors: ['唐小糖', '沈星河'],
    description: '迷糊的插画师和洁癖的律师，被一纸租约绑在了一起。',
  },
  {
    title: '村花的逆袭人生',
    genres: ['乡村', '逆袭'],
    actors: ['白露', '韩东'],
    description: '从村里走出去的姑娘，带着直播间回乡种出了一片天。',
  },
  { title: '镇国神婿', genres: ['战神', '都市'], actors: ['秦朗', '温言'], description: '五年前含冤入狱，五年后他以镇国之名归来。' },
];

const MOVIES: DemoDrama[] = [
  { title: '哪吒之魔童闹海', genres: ['动画', '奇幻'], description: '天劫之后，哪吒与敖丙的灵魂虽保住了，但肉身很快会魂飞魄散。' },
  {
    title: '流浪地球2',
    genres: ['科幻', '灾难'],
    actors: ['吴京', '刘德华', '李雪健'],
    description: '太阳即将毁灭，人类在地球表面建造出巨大的推进器。',
  },
  {
    title: '满江红',
    genres: ['悬疑', '喜剧'],
    actors: ['沈腾', '易烊千玺', '张译'],
    description: '南宋绍兴年间，一场发生在宰相府一夜之间的离奇命案。',
  },
  { title: '热辣滚烫', genres: ['剧情', '喜剧'], actors: ['贾玲', '雷佳音'], description: '宅家多年的杜乐莹，在拳击中找回了自己。' },
  {
    title: '第二十条',
    genres: ['剧情', '喜剧'],
    actors: ['雷佳音', '马丽', '赵丽颖'],
    description: '检察官韩明在工作与家庭的一桩桩案件里，重新理解正当防卫。',
  },
  {
    title: '封神第一部：朝歌风云',
    genres: ['奇幻', '古装'],
    actors: ['费翔', '李雪健', '黄渤'],
    description: '商王殷寿与狐妖勾结，暴虐无道，引发天谴。',
  },
  {
    title: '孤注一掷',
    genres: ['犯罪', '剧情'],
    actors: ['张艺兴', '金晨', '王传君'],
    description: '程序员潘生被高薪诱骗至海外，落入境外诈骗集团之手。',
  },
  {
    title: '消失的她',
    genres: ['悬疑', '犯罪'],
    actors: ['朱一龙', '倪妮', '文咏珊'],
    description: '何非的妻子在结婚周年旅行中离奇消失。',
  },
  {
    title: '飞驰人生2',
    genres: ['喜剧', '运动'],
    actors: ['沈腾', '范丞丞', '尹正'],
    description: '昔日冠军车手张驰落魄潦倒，带着年轻车手重返赛场。',
  },
  { title: '抓娃娃', genres: ['喜剧', '家庭'], actors: ['沈腾', '马丽'], description: '一对富豪夫妇为儿子精心设计了一场"穷养"计划。' },
  { title: '长安三万里', genres: ['动画', '历史'], description: '安史之乱后，高适回忆起自己与李白的一生。' },
  {
    title: '坚如磐石',
    genres: ['犯罪', '悬疑'],
    actors: ['雷佳音', '张国立', '于和伟'],
    description: '一桩离奇的命案牵出一张盘根错节的利益网。',
  },
  {
    title: '八角笼中',
    genres: ['剧情', '运动'],
    actors: ['王宝强', '陈永胜'],
    description: '向腾辉带着一群大山里的孩子，走上了格斗这条路。',
  },
  {
    title: '你好，李焕英',
    genres: ['喜剧', '亲情'],
    actors: ['贾玲', '张小斐', '沈腾'],
    description: '贾晓玲意外穿越回一九八一年，与年轻的母亲李焕英相遇。',
  },
  {
    title: '志愿军：雄兵出击',
    genres: ['战争', '历史'],
    actors: ['朱一龙', '辛柏青', '张子枫'],
    description: '一九五〇年，中国人民志愿军跨过鸭绿江。',
  },
];

const TV: DemoDrama[] = [
  {
    title: '繁花',
    genres: ['剧情', '年代'],
    actors: ['胡歌', '马伊琍', '唐嫣', '辛芷蕾'],
    description: '九十年代的上海，阿宝在黄河路上闯出了一片天地。',
  },
  {
    title: '庆余年第二季',
    genres: ['古装', '权谋'],
    actors: ['张若昀', '李沁', '陈道明'],
    description: '范闲假死归来，在朝堂与江湖之间再起波澜。',
  },
  {
    title: '与凤行',
    genres: ['仙侠', '爱情'],
    actors: ['赵丽颖', '林更新'],
    description: '上古神女沈璃为逃婚坠落人间，与神秘男子行止相遇。',
  },
  {
    title: '狂飙',
    genres: ['刑侦', '剧情'],
    actors: ['张译', '张颂文', '李一桐'],
    description: '刑警安欣与高启强之间长达二十年的正邪较量。',
  },
  {
    title: '玫瑰的故事',
    genres: ['都市', '爱情'],
    actors: ['刘亦菲', '彭冠英'],
    description: '黄亦玫在不同人生阶段，对爱情与自我的追寻。',
  },
  {
    title: '长相思',
    genres: ['古装', '爱情'],
    actors: ['杨紫', '张晚意', '王弘毅', '邓为'],
    description: '流落民间的皓翎王姬小夭，与三位男子之间的爱恨纠葛。',
  },
  {
    title: '漫长的季节',
    genres: ['悬疑', '剧情'],
    actors: ['范伟', '秦昊', '陈明昊'],
    description: '一段跨越二十年的东北往事，一桩迟迟未破的碎尸案。',
  },
  {
    title: '莲花楼',
    genres: ['武侠', '悬疑'],
    actors: ['成毅', '曾舜晞', '肖顺尧'],
    description: '昔日天下第一的李相夷化名李莲花，开着莲花楼四处行医破案。',
  },
  {
    title: '墨雨云间',
    genres: ['古装', '复仇'],
    actors: ['吴谨言', '王星越'],
    description: '被诬陷的薛芳菲借他人身份归来，步步为营洗清冤屈。',
  },
  {
    title: '我的阿勒泰',
    genres: ['剧情', '治愈'],
    actors: ['马伊琍', '周依然', '于适'],
    description: '怀揣作家梦的李文秀回到阿勒泰，跟着母亲在牧场生活。',
  },
  {
    title: '三体',
    genres: ['科幻', '悬疑'],
    actors: ['张鲁一', '于和伟', '陈瑾'],
    description: '纳米科学家汪淼卷入一连串科学家离奇死亡的调查。',
  },
  {
    title: '人世间',
    genres: ['家庭', '年代'],
    actors: ['雷佳音', '殷桃', '宋佳'],
    description: '北方城市周家三兄妹跨越五十年的人生起伏。',
  },
  {
    title: '去有风的地方',
    genres: ['爱情', '治愈'],
    actors: ['刘亦菲', '李现'],
    description: '许红豆来到云南大理，在有风的小院里重新认识生活。',
  },
  { title: '梦华录', genres: ['古装', '剧情'], actors: ['刘亦菲', '陈晓'], description: '江南茶坊老板赵盼儿与姐妹在东京开起了茶楼。' },
  { title: '新闻女王', genres: ['职场', '剧情'], actors: ['佘诗曼', '马国明'], description: '电视台新闻部里，王牌主播文慧心的职场博弈。' },
];

const ANIME: DemoDrama[] = [
  { title: '凡人修仙传', genres: ['国漫', '仙侠'], description: '山村少年韩立踏上修仙之路，凭谨慎与坚韧步步登高。' },
  { title: '斗罗大陆', genres: ['国漫', '玄幻'], description: '唐门外门弟子唐三转世斗罗大陆，一步步成为封号斗罗。' },
  { title: '完美世界', genres: ['国漫', '玄幻'], description: '石村少年石昊在大荒中成长，走出一条无敌之路。' },
  { title: '仙逆', genres: ['国漫', '仙侠'], description: '资质平平的王林踏入修真界，逆天而行。' },
  { title: '吞噬星空', genres: ['国漫', '科幻'], description: '灾变后的地球，罗峰一路成长为守护人类的强者。' },
  { title: '斗破苍穹年番', genres: ['国漫', '玄幻'], description: '萧炎三年之约后，踏上前往迦南学院的历练之路。' },
  { title: '遮天', genres: ['国漫', '玄幻'], description: '九龙拉棺，叶凡一行来到荒古禁地，开启修行之旅。' },
  { title: '灵笼', genres: ['国漫', '科幻'], description: '末世之后，人类在空中堡垒"灯塔"上求生。' },
  { title: '一念永恒', genres: ['国漫', '仙侠'], description: '怕死的白小纯误入灵溪宗，闹出一连串笑话。' },
  { title: '中国奇谭', genres: ['国漫', '短篇'], description: '八个独立故事，用中国传统美术讲述现代人的心事。' },
  { title: '时光代理人', genres: ['国漫', '悬疑'], description: '程小时和陆光借照片回到过去，完成委托人的心愿。' },
  { title: '雾山五行', genres: ['国漫', '动作'], description: '五行之力的守护者闻人翊悬，与妖物之间的激战。' },
];

const VARIETY: DemoDrama[] = [
  { title: '奔跑吧', genres: ['真人秀', '竞技'], description: '兄弟团奔赴各地完成挑战，笑料不断。' },
  { title: '向往的生活', genres: ['真人秀', '生活'], description: '在田园小屋里自给自足，招待来访的朋友。' },
  { title: '种地吧', genres: ['真人秀', '劳动'], description: '十位少年在一百四十二亩地上，从零开始学种地。' },
  { title: '再见爱人', genres: ['情感', '真人秀'], description: '三对婚姻出现问题的夫妻，一同踏上旅程。' },
  { title: '歌手', genres: ['音乐', '竞演'], description: '实力歌手同台竞演，现场直播，实时投票。' },
  { title: '乘风破浪', genres: ['音乐', '成团'], description: '不同年龄的女性艺人挑战舞台，争取成团。' },
  { title: '披荆斩棘', genres: ['音乐', '成团'], description: '男艺人们在舞台上重新出发。' },
  { title: '极限挑战', genres: ['真人秀', '竞技'], description: '男人帮接受各种意想不到的挑战。' },
  { title: '王牌对王牌', genres: ['游戏', '综艺'], description: '王牌家族与嘉宾在游戏中重温经典。' },
  { title: '脱口秀大会', genres: ['喜剧', '脱口秀'], description: '脱口秀演员同台比拼，笑到最后。' },
  { title: '这！就是街舞', genres: ['舞蹈', '竞技'], description: '街舞舞者在队长带领下争夺年度总冠军。' },
  { title: '中国诗词大会', genres: ['文化', '竞赛'], description: '以诗词为题，在比赛中领略古典之美。' },
];

const DRAMA_LISTS: Record<Exclude<Board, 'actors'>, DemoDrama[]> = {
  'hot-dramas': HOT_DRAMAS,
  drama: SHORT_DRAMAS,
  movie: MOVIES,
  tv: TV,
  anime: ANIME,
  variety: VARIETY,
};

/** Falls off like a real hot list: the top entry near five million, each next one a little lower. */
function score(position: number, seed: number): number {
  return Math.round(4_950_000 * 0.93 ** position - ((seed * 7919 + position * 104_729) % 20_000));
}

function searchLink(text: string): string {
  return `https://www.baidu.com/s?wd=${encodeURIComponent(text)}`;
}

/** The board's demo records in rank order, as an import file would give them. */
export function demoBoard(board: Board): Array<Record<string, unknown>> {
  if (board === 'actors') {
    return ACTORS.map((actor, index) => ({
      ...actor,
      hot_score: score(index, 7),
      avatar: `https://img.dramadex.example/actors/${index + 1}.jpg`,
      url: searchLink(actor.name),
    }));
  }
  const seed = board.length;
  return DRAMA_LISTS[board].map((drama, index) => ({
    title: drama.title,
    hot_score: score(index, seed),
    tag: drama.tag ?? '',
    cover: `https://img.dramadex.example/${board}/${index + 1}.jpg`,
    description: drama.description,
    genres: drama.genres,
    actors: drama.actors ?? [],
    url: searchLink(drama.title),
  }));
}

/** The board an hour earlier: a few neighbours in the other order and the last two not yet on it. */
export function earlierDemoBoard(board: Board): Array<Record<string, unknown>> {
  const records = demoBoard(board).slice(0, -2);
  for (const at of [1, 4, 8]) {
    const [a, b] = [records[at], records[at + 1]];
    if (a && b) [records[at], records[at + 1]] = [b, a];
  }
  return records;
}
