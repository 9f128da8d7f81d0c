/**
 * Quark (`pan.quark.cn/s/<id>[?pwd=<code>]`), docs/link-health.md "Quark": the Quark-family share API
 * on Quark's hosts (quark-family.ts holds the requests and the tables).
 */
import { LINK_FORMS } from '../../shared/share-links.js';
import type { ProviderDescriptor } from './provider.js';
import { detailTable, quarkFamilyCheck, tokenTable } from './quark-family.js';

export const quark: ProviderDescriptor = {
  id: 'quark',
  label: { zh: '夸克网盘', en: 'Quark' },
  link: LINK_FORMS.quark,
  apiHosts: ['drive-h.quark.cn', 'drive-pc.quark.cn'],
  defaultRatePerSecond: 1,
  sharePage: (share) => `https://pan.quark.cn/s/${share.shareId}`,
  rows: [...tokenTable('quark'), ...detailTable('quark')],
  createCheck: () =>
    quarkFamilyCheck({
      prefix: 'quark',
      tokenUrl: 'https://drive-h.quark.cn/1/clouddrive/share/sharepage/token',
      detailUrl: 'https://drive-pc.quark.cn/1/clouddrive/share/sharepage/detail',
      client: { pr: 'ucpro', fr: 'pc' },
    }),
};
