/**
 * The small page a report sent from the web page's form (without script) gets back: a thank-you in the
 * request's language and a way back. Static text, nothing from the request is echoed.
 */
import type { Language } from '../config/config.js';

const TEXT = {
  zh: { title: '已收到报告', body: '谢谢！这个链接会尽快复查；确认失效的条目会自动隐藏。', back: '返回' },
  en: { title: 'Report received', body: 'Thank you! The link will be checked soon; entries confirmed dead are hidden.', back: 'Back' },
} as const;

export function reportPage(language: Language): string {
  const text = TEXT[language];
  return `<!doctype html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title></head>
<body><main class="report-received"><h1>${text.title}</h1><p>${text.body}</p><p><a href="/">${text.back}</a></p></main></body></html>
`;
}
