/**
 * The vocabulary of the study's rule judge (reference implementation, MIT license).
 *
 * These tables are data, not design: the rule judge must give the recorded verdict and reason on
 * every one of the study's 3,078 records, and any change here changes verdicts. They are kept
 * exactly as the study used them — including entries that look odd (e.g. "cancell", a prefix
 * matching "cancelled"/"cancellation", and `switch`/`switch_tool` listing each other). Extending
 * them for new cases is a new judge, not a fix: give it another name.
 */

/** Synonyms of the main verb (English and Chinese), keyed by the lower-cased verb. */
export const VERB_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  cancel: ["取消", "撤销", "废除", "cancell", "void", "abort"],
  start: ["开始", "启动", "发起", "begin", "launch", "initiate"],
  translate: ["翻译", "转换", "转化", "convert", "transform"],
  update: ["更新", "修改", "编辑", "change", "modify", "edit"],
  email: ["邮件", "通知", "发送", "信件", "notify", "send", "message", "contact"],
  fetch: ["获取", "提取", "取得", "get", "retrieve", "obtain"],
  process: ["处理", "计算", "分析", "handle", "compute", "analyze"],
  book: ["预订", "预约", "订购", "reserve", "schedule"],
  route: ["路由", "转派", "分配", "direct", "assign", "transfer"],
  search: ["搜索", "查找", "检索", "find", "lookup", "query"],
  switch: ["切换", "转换", "切换工具", "switch_tool"],
  switch_tool: ["切换", "转换工具", "切换工具", "switch"],
  escalate: ["升级", "上报", "提升", "raise", "promote", "advance"],
  suggest: ["建议", "推荐", "提议", "recommend", "propose"],
};

/** Chinese renderings of common entity values, keyed by the lower-cased English value. */
export const ENTITY_TRANSLATIONS: Readonly<Record<string, readonly string[]>> = {
  beijing: ["北京"],
  shanghai: ["上海"],
  downtown: ["市中心", "市区"],
  flight: ["航班", "机票", "飞机"],
  hotel: ["酒店", "旅馆"],
  hike: ["徒步", "远足", "登山"],
  cards: ["纸牌", "打牌", "卡牌"],
  indoor: ["室内"],
  indoor_activity: ["室内活动"],
  restaurants: ["餐厅"],
  italian: ["意大利"],
  delivery_options: ["外卖", "配送"],
  open_now: ["营业中", "正在营业", "营业"],
  billing: ["账单", "计费"],
  manager: ["经理", "主管"],
  tech_support: ["技术支持"],
  ticket: ["工单"],
  data: ["数据"],
  report: ["报告"],
  result: ["结果"],
  weather: ["天气"],
  rain: ["雨", "下雨"],
  budget: ["预算"],
  rating: ["评分"],
  urgency: ["紧急", "优先级"],
  high: ["高"],
  category: ["类别", "分类"],
  shipped: ["已发货", "发货"],
  verified: ["已验证", "已认证", "验证通过"],
  timeout: ["超时"],
  auth: ["认证", "身份验证"],
  status: ["状态"],
  loc: ["位置", "地点"],
  address: ["地址"],
  archaic_heavy: ["重度古风", "重度古语", "古风重度"],
  shakespeare_en: ["莎士比亚", "莎翁"],
  fr_rev_bold: ["法语革命", "法文革命"],
};

/** Values that carry no searchable meaning (the constraint's type says it all). */
export const SENTINEL_VALUES: ReadonlySet<string> = new Set(["true", "false", "null", "none", ""]);

/** Markers whose presence anywhere in the response counts as "a negation was stated". */
export const NEGATION_MARKERS: readonly string[] = [
  "not",
  "no ",
  "without",
  "isn't",
  "aren't",
  "don't",
  "doesn't",
  "won't",
  "can't",
  "cannot",
  "不",
  "没",
  "无",
  "非",
  "否",
  "未",
];

/** Time-unit suffixes, longest first; only the first one a value ends with is tried. */
export const TIME_SUFFIXES: readonly string[] = ["ms", "min", "sec", "s"];

export const PASS_REASON = "Rule-based: all key entities and verbs found";
