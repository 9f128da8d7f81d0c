/**
 * UC (`drive.uc.cn/s/<id>[?pwd=<code>]`), docs/link-health.md "UC": its share page became a script shell,
 * so UC is checked on the Quark-family API at `pc-api.uc.cn`. The API wants UC's web origin: without
 * `Origin` and `Referer` every real link answers 41027 "分享不存在" (pansearch, 2026-09), so 41027 is a
 * row of its own that never decides.
 */
import { LINK_FORMS } from '../../shared/share-links.js';
import type { ProviderDescriptor } from './provider.js';
import { detailTable, quarkFamilyCheck, tokenTable } from './quark-family.js';

const UC_WEB = 'https://drive.uc.cn';
const API = 'https://pc-api.uc.cn/1/clouddrive/share/sharepage';
/** An incomplete request's answer for every real link (pansearch, 2026-09): never a verdict. */
const NEVER_DECISIVE = [41027];

export const uc: ProviderDescriptor = {
  id: 'uc',
  label: { zh: 'UC 网盘', en: 'UC' },
  link: LINK_FORMS.uc,
  apiHosts: ['pc-api.uc.cn'],
  defaultRatePerSecond: 1,
  sharePage: (share) => `${UC_WEB}/s/${share.shareId}`,
  rows: [...tokenTable('uc', NEVER_DECISIVE), ...detailTable('uc')],
  createCheck: () =>
    quarkFamilyCheck({
      prefix: 'uc',
      tokenUrl: `${API}/token?pr=UCBrowser&fr=pc`,
      detailUrl: `${API}/detail`,
      client: { pr: 'UCBrowser', fr: 'pc' },
      headers: { origin: UC_WEB, referer: `${UC_WEB}/` },
      neverDecisive: NEVER_DECISIVE,
    }),
};
