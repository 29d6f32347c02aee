import { describe, expect, it } from 'vitest';
import { UTM_KEYS } from './api/leads.ts';
import {
  firstUtmValue,
  mergeUtm,
  parseStoredUtm,
  UTM_PARAMETERS,
  UTM_TEXT_MAX,
  UTM_VALUES_MAX,
  utmFieldsOf,
  utmFromSearch,
} from './utm.ts';

describe('utmFromSearch', () => {
  it('reads the five keys in any case and leaves other parameters out', () => {
    expect(
      utmFromSearch(
        '?UTM_Source=google&utm_MEDIUM=cpc&utm_campaign=diwali&utm_ad=a1&Utm_AdGp=g7&ref=x&utm_term=t',
      ),
    ).toEqual({
      utm_source: ['google'],
      utm_medium: ['cpc'],
      utm_campaign: ['diwali'],
      utm_ad: ['a1'],
      utm_adgp: ['g7'],
    });
  });

  it('keeps a key given twice (in two cases) as a list of unique values, blanks dropped', () => {
    expect(
      utmFromSearch('utm_source=google&UTM_SOURCE=mail&utm_source=google&utm_source=%20&utm_medium='),
    ).toEqual({
      utm_source: ['google', 'mail'],
    });
  });

  it('trims values, and a comma inside a value cannot split it later', () => {
    expect(utmFromSearch('?utm_campaign=%20diwali,sale%20')).toEqual({ utm_campaign: ['diwali sale'] });
    expect(utmFromSearch('?utm_source=big+bazaar&utm_medium=%E0%A4')).toEqual({
      utm_source: ['big bazaar'],
      utm_medium: ['%E0%A4'],
    });
  });

  it('reads nothing from an address without tracking parameters', () => {
    expect(utmFromSearch('')).toEqual({});
    expect(utmFromSearch('?page=2')).toEqual({});
  });
});

describe('mergeUtm', () => {
  it('appends new values after the stored ones, each value once', () => {
    expect(
      mergeUtm(
        { utm_source: ['google'], utm_medium: ['cpc'] },
        { utm_source: ['facebook', 'google'], utm_campaign: ['diwali'] },
      ),
    ).toEqual({ utm_source: ['google', 'facebook'], utm_medium: ['cpc'], utm_campaign: ['diwali'] });
  });

  it('removes duplicates already in the stored list and caps a parameter at its maximum', () => {
    expect(mergeUtm({ utm_ad: ['a', 'a', 'b'] }, {})).toEqual({ utm_ad: ['a', 'b'] });
    const many = Array.from({ length: UTM_VALUES_MAX + 5 }, (_, i) => `s${i}`);
    expect(mergeUtm({}, { utm_source: many }).utm_source).toHaveLength(UTM_VALUES_MAX);
  });

  it('is case-sensitive on values: Google and google are two sources', () => {
    expect(mergeUtm({ utm_source: ['google'] }, { utm_source: ['Google'] })).toEqual({
      utm_source: ['google', 'Google'],
    });
  });
});

describe('parseStoredUtm', () => {
  it('reads what the browser kept, keys in any case, only lists of strings', () => {
    expect(
      parseStoredUtm(JSON.stringify({ UTM_SOURCE: ['google', 3, 'mail'], utm_medium: 'cpc', other: ['x'] })),
    ).toEqual({ utm_source: ['google', 'mail'] });
  });

  it('reads nothing from missing or broken storage', () => {
    expect(parseStoredUtm(null)).toEqual({});
    expect(parseStoredUtm('{not json')).toEqual({});
    expect(parseStoredUtm('[1,2]')).toEqual({});
    expect(parseStoredUtm('null')).toEqual({});
  });
});

describe('utmFieldsOf', () => {
  it('joins each parameter’s values with commas and leaves empty ones out', () => {
    expect(utmFieldsOf({ utm_source: ['google', 'mail'], utm_campaign: ['diwali'], utm_ad: [] })).toEqual({
      utm_source: 'google,mail',
      utm_campaign: 'diwali',
    });
  });

  it('keeps whole values only, within the columns’ limit', () => {
    const long = 'x'.repeat(190);
    expect(utmFieldsOf({ utm_source: ['google', long, 'mail'] }).utm_source).toBe(`google,${long}`);
    expect(utmFieldsOf({ utm_source: ['y'.repeat(UTM_TEXT_MAX)] }).utm_source).toHaveLength(UTM_TEXT_MAX);
  });
});

describe('firstUtmValue', () => {
  it('is where the visitor first came from', () => {
    expect(firstUtmValue('google,mail')).toBe('google');
    expect(firstUtmValue(' ')).toBeNull();
    expect(firstUtmValue(null)).toBeNull();
  });
});

it('the five parameters are the ones a lead stores', () => {
  expect([...UTM_PARAMETERS]).toEqual([...UTM_KEYS]);
});
