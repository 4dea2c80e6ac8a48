import type { RegionLevel, Text } from './resource-contract';

/**
 * The region of a record (a store, a parking lot): three codes of blade-system/region (province,
 * city, district) and their names joined. Spread into a contract's fields
 * (`...regionFields()`): the server resolves and checks the codes (server/lib/regions.ts: the
 * deepest level alone is enough) and answers `regionName`; the console shows one region picker
 * whose value is the deepest level chosen.
 */
export interface RegionRow {
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  /** The region's names joined: '北京市 / 市辖区 / 朝阳区'. */
  regionName: string;
}

export type { RegionLevel };

const REGION_CODE = /^\d{2,12}$/;

const level = (region: RegionLevel, zh: string, en: string) =>
  ({
    label: { zh, en },
    maxLength: 12,
    pattern: {
      regex: REGION_CODE,
      message: { zh: `${zh}须为区划编号`, en: `${en} must be a region code` },
    },
    filter: 'equal',
    region,
  }) as const;

/** The four region fields; `label` names the one picker (default 所在地区). */
export function regionFields(label: Text = { zh: '所在地区', en: 'Region' }) {
  return {
    provinceCode: level('province', '省份', 'Province'),
    cityCode: level('city', '城市', 'City'),
    districtCode: level('district', '区县', 'District'),
    regionName: { label, readOnly: true, region: 'name', export: { width: 24 } },
  } as const;
}

/** The refusals the server answers for a region (zh is the wire's, en the console's). */
export const REGION_REFUSALS = {
  missing: { zh: '所在地区不存在', en: 'The region does not exist' },
} as const satisfies Record<string, Text>;
