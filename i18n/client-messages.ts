import type { AbstractIntlMessages, Messages, NamespaceKeys, NestedKeyOf } from 'next-intl';

/** A group of messages/zh.json (and en.json): a top-level namespace or a group inside one ('Share.cover'). */
export type MessageGroup = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/**
 * The groups the site frame translates in the browser — header, menu, language switch, back-to-top,
 * login and upgrade dialogs, the fetch wrapper's errors. Only these go into every page's HTML; a page
 * adds what its own client parts need with `<ClientMessages groups={[…]}>`. Handing the browser the
 * whole catalogue cost every page 40–60 KB of HTML (~12 KB gzip). `scripts/client-messages` checks
 * both lists against the source.
 */
export const SHELL_MESSAGES = [
  'BackToTop',
  'CaptchaField',
  'Client',
  'Header',
  'LanguageSwitch',
  'LoginDialog',
  'Routes',
  'UpgradeDialog',
] as const satisfies readonly MessageGroup[];

const isGroup = (value: unknown): value is AbstractIntlMessages => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The given groups of a catalogue, nested as in the catalogue. */
/**
 * A list of message groups that a server module hands to `<ClientMessages>` through a variable (a theme's own
 * screen names its groups in its folder). Returns the list unchanged; the route analyser
 * (scripts/client-messages/analyse.ts) reads the literal inside the call as groups the route provides.
 */
export function clientMessageGroups<const G extends readonly MessageGroup[]>(groups: G): G {
  return groups;
}

export function pickMessages(messages: AbstractIntlMessages, groups: readonly string[]): AbstractIntlMessages {
  let picked: AbstractIntlMessages = {};
  for (const group of groups) {
    const keys = group.split('.');
    let value: unknown = messages;
    for (const key of keys) value = isGroup(value) ? value[key] : undefined;
    if (value === undefined) continue;
    const branch = keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as AbstractIntlMessages;
    picked = mergeMessages(picked, branch);
  }
  return picked;
}

/** Two catalogues' groups together; where both have a message, the second's. */
export function mergeMessages(first: AbstractIntlMessages, second: AbstractIntlMessages): AbstractIntlMessages {
  const merged: AbstractIntlMessages = { ...first };
  for (const [key, value] of Object.entries(second)) {
    const existing = merged[key];
    merged[key] = isGroup(existing) && isGroup(value) ? mergeMessages(existing, value) : value;
  }
  return merged;
}
