import { missingNewsFields, newsInputSchema } from './news';

describe('which languages a news item needs', () => {
  it('accepts an item complete in one language only, or in both', () => {
    expect(missingNewsFields({ titleZh: '通知', bodyZh: '<p>正文</p>' })).toEqual([]);
    expect(missingNewsFields({ titleEn: 'Notice', bodyEn: '<p>Body</p>' })).toEqual([]);
    expect(missingNewsFields({ titleZh: '通知', bodyZh: '<p>正文</p>', titleEn: 'Notice', bodyEn: '<p>Body</p>' })).toEqual([]);
    expect(newsInputSchema.safeParse({ type: 0, titleZh: '通知', bodyZh: '<p>正文</p>' }).success).toBe(true);
  });

  it('asks for the preferred language when nothing is written (blank text counts as nothing)', () => {
    expect(missingNewsFields({})).toEqual(['titleZh', 'bodyZh']);
    expect(missingNewsFields({ titleEn: '  ', sourceZh: null }, 'en')).toEqual(['titleEn', 'bodyEn']);
  });

  it('asks a begun language for what it lacks, even when the other is complete', () => {
    expect(missingNewsFields({ titleZh: '通知', bodyZh: '<p>正文</p>', summaryEn: 'Summary' })).toEqual(['titleEn', 'bodyEn']);
    expect(missingNewsFields({ titleZh: '通知', bodyZh: '<p>正文</p>', titleEn: 'Notice' })).toEqual(['bodyEn']);
    expect(missingNewsFields({ bodyZh: '<p>正文</p>', sourceEn: 'Xinhua', bodyEn: '<p>Body</p>' })).toEqual(['titleZh', 'titleEn']);
  });

  it('puts each missing field on its path in the schema, so a client can point at it', () => {
    const result = newsInputSchema.safeParse({ type: 0, titleZh: '通知', bodyZh: '<p>正文</p>', titleEn: 'Notice' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toEqual([['bodyEn']]);
  });
});
