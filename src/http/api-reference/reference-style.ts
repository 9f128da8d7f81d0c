/**
 * The reference page's stylesheet: the web page's palette, type and spacing (web/assets/site.css, whose
 * custom properties these repeat so both look like one site), for a page that also exists where the web
 * page does not (the ranking listener, WEB=off). Kept as a string so it ships in the compiled code.
 */
export const REFERENCE_CSS = `/* dramadex API reference: the site's look, mobile first, light and dark. */
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #4f5863; --line: #d5dae0; --card: #f6f8fa;
  --accent: #0b57d0; --accent-fg: #ffffff; --focus: #b93815; --warn: #fff4d6; --warn-line: #d4a72c;
  font-family: system-ui, -apple-system, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif;
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #111418; --fg: #e8eaed; --muted: #aeb6bf; --line: #39414b; --card: #1b2027;
    --accent: #8ab4f8; --accent-fg: #0b1220; --focus: #ffb86b; --warn: #2b2410; --warn-line: #8a6d1f;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: 0.5rem 1rem; }
.skip:focus { left: 0.5rem; z-index: 10; }
header.site, main { padding: 0 1rem; max-width: 64rem; margin: 0 auto; }
header.site { padding-top: 0.75rem; padding-bottom: 0.75rem; border-bottom: 1px solid var(--line); }
.bar { display: flex; justify-content: space-between; align-items: center; gap: 1rem; }
.brand { font-weight: 700; font-size: 1.15rem; color: var(--fg); text-decoration: none; }
a.brand:hover { text-decoration: underline; }
.lang { padding: 0.25rem 0.5rem; }
h1 { font-size: 1.5rem; margin: 1rem 0 0.5rem; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 0.5rem; }
h3 { font-size: 1.05rem; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
h4 { font-size: 0.95rem; margin: 0.75rem 0 0.25rem; color: var(--muted); }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
pre { background: var(--card); border: 1px solid var(--line); padding: 0.75rem; overflow-x: auto; border-radius: 0.4rem; margin: 0; }
pre code { overflow-wrap: normal; }
.notice { background: var(--warn); border: 1px solid var(--warn-line); border-radius: 0.4rem; padding: 0 1rem; margin: 1rem 0; }
.notice h2 { margin-top: 0.75rem; }
.toc ul { padding-left: 1.25rem; margin: 0.25rem 0; }
.toc li { margin: 0.15rem 0; }
.operation { border: 1px solid var(--line); border-radius: 0.4rem; padding: 0.75rem 1rem; margin: 0.75rem 0; background: var(--card); }
.operation pre { background: var(--bg); }
.method { display: inline-block; background: var(--accent); color: var(--accent-fg); border-radius: 0.3rem; padding: 0 0.4rem; font-size: 0.8rem; vertical-align: 0.1em; }
.summary { font-weight: 600; margin: 0.25rem 0; }
dl { margin: 0; }
dt { margin-top: 0.4rem; }
dd { margin: 0 0 0 1rem; color: var(--muted); }
.required { color: var(--fg); font-weight: 700; font-size: 0.8rem; border: 1px solid var(--fg); border-radius: 0.3rem; padding: 0 0.3rem; }
.optional, .in { color: var(--muted); font-size: 0.8rem; }
.machine { margin: 2rem 0; color: var(--muted); }
`;
