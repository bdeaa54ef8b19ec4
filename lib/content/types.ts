/**
 * Long-form editorial pages (platform introduction, GEO plan and links) are written per language as
 * typed modules here, not in the message catalogues: they are prose, not interface strings, and both
 * languages are checked to have the same sections by tests/unit/content.test.ts.
 */
export interface ContentItem {
  term: string;
  text: string;
}

export interface ContentLink {
  label: string;
  href: string;
  note: string;
}

export interface ContentSection {
  /** Anchor of the section (same in both languages, so links survive a language switch). */
  id: string;
  title: string;
  paragraphs: readonly string[];
  items?: readonly ContentItem[];
  links?: readonly ContentLink[];
}

export interface ContentPage {
  title: string;
  description: string;
  lead: string;
  sections: readonly ContentSection[];
  /** Where the facts on the page come from. */
  sources?: readonly ContentLink[];
  /** When the text was last checked, ISO date. */
  reviewed: string;
}
