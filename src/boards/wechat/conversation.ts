/**
 * What the channel answers a user (identified by their OpenID): the token keyword gets their one active
 * token, the re-bind keyword clears the token's address (or sets the one given after the keyword), the
 * help keyword and anything else get the help text, a new follower gets it too.
 */

import ipaddr from 'ipaddr.js';
import type { Language, WechatConfig } from '../../config/config.js';
import { normalizeAddress } from '../../http/client-address.js';
import type { Localized } from '../../http/errors.js';
import type { RankingTokens } from '../access-tokens/access-tokens.js';

export interface IncomingMessage {
  openId: string;
  msgType: string;
  content: string;
  event: string;
}

export class Conversation {
  constructor(
    private readonly tokens: RankingTokens,
    private readonly keywords: WechatConfig['keywords'],
    private readonly language: Language,
  ) {}

  /** The reply text, or undefined for messages that get none (WeChat then shows nothing). */
  async reply(message: IncomingMessage): Promise<string | undefined> {
    if (message.msgType === 'event') return message.event.toLowerCase() === 'subscribe' ? this.say(this.help()) : undefined;
    if (message.msgType !== 'text') return this.say(this.help());
    const [word = '', ...rest] = message.content.normalize('NFKC').trim().toLowerCase().split(/\s+/);
    if (this.keywords.token.includes(word) && rest.length === 0) return this.say(await this.token(message.openId));
    if (this.keywords.rebind.includes(word) && rest.length <= 1) return this.say(await this.rebind(message.openId, rest[0]));
    return this.say(this.help());
  }

  private say(text: Localized): string {
    return text[this.language];
  }

  private async token(openId: string): Promise<Localized> {
    const { token, record } = await this.tokens.tokenForOwner(openId);
    const rebind = this.keywords.rebind[0];
    return {
      zh: `您的排行榜令牌：\n${token}\n\n绑定地址：${record.boundAddress ?? '首次使用时自动绑定'}\n用法：请求头 Authorization: Bearer 令牌\n更换地址请发送「${rebind}」，或「${rebind} 新地址」。`,
      en: `Your ranking token:\n${token}\n\nBound address: ${record.boundAddress ?? 'the first address that uses it'}\nUse it as the header Authorization: Bearer <token>\nTo change the address send "${rebind}" or "${rebind} <new address>".`,
    };
  }

  private async rebind(openId: string, addressText: string | undefined): Promise<Localized> {
    const active = await this.tokens.activeForOwner(openId);
    const tokenWord = this.keywords.token[0];
    if (!active) return { zh: `您还没有令牌，请先发送「${tokenWord}」。`, en: `You have no token yet; send "${tokenWord}" first.` };
    const address = addressText === undefined ? null : normalizeAddress(addressText);
    if (address === undefined) {
      return { zh: `「${addressText}」不是有效的 IP 地址。`, en: `"${addressText}" is not an IP address.` };
    }
    if (address !== null && !isClientAddress(address)) {
      return {
        zh: `「${addressText}」不是任何客户端会使用的地址（未指定、广播或组播地址），绑定未改变。`,
        en: `"${addressText}" is no client's address (unspecified, broadcast or multicast); the binding is unchanged.`,
      };
    }
    await this.tokens.rebind(active.id, address);
    return address === null
      ? { zh: '已解除地址绑定：下一次使用令牌的地址将被绑定。', en: 'Address cleared: the next address that uses the token will be bound.' }
      : { zh: `令牌已绑定到 ${address}。`, en: `The token is now bound to ${address}.` };
  }

  private help(): Localized {
    const [token, rebind, help] = [this.keywords.token, this.keywords.rebind, this.keywords.help].map((list) =>
      list.map((w) => `「${w}」`).join(' '),
    );
    const [tokenEn, rebindEn, helpEn] = [this.keywords.token, this.keywords.rebind, this.keywords.help].map((list) =>
      list.map((w) => `"${w}"`).join(', '),
    );
    return {
      zh: `排行榜令牌服务\n发送 ${token} 获取您的令牌\n发送 ${rebind} 解除地址绑定（下次使用时绑定新地址），或在后面加上新地址\n发送 ${help} 查看本说明`,
      en: `Ranking tokens\nSend ${tokenEn} to get your token\nSend ${rebindEn} to clear its address (the next one that uses it is bound), or add the new address after it\nSend ${helpEn} for this text`,
    };
  }
}

/** Whether a request could ever come from `address`: binding `0.0.0.0` or `::` would lock the user out. */
function isClientAddress(address: string): boolean {
  return !['unspecified', 'broadcast', 'multicast'].includes(ipaddr.parse(address).range());
}
