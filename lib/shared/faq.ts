/** FAQ vocabulary shared by the page and the API contract, free of zod so the page's browser code stays small. */
export const FAQ_CATEGORIES = ['account', 'area', 'imagery', 'mapServices', 'monitoring', 'satellites', 'downloads', 'data'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** Slugs are the questions' anchors on the page (`#faq-<slug>`). */
export const FAQ_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const faqAnchor = (slug: string) => `faq-${slug}`;
