import { REPORT_DEFINITIONS } from '@b2b/domain/reports/catalog';
import { describe, expect, it } from 'vitest';
import { PATHS, productEditPath, productPath } from '../session/paths';
import { REPORT_SCREENS, ROUTE_TABLE, titleOfPath } from './route-table';

describe('titleOfPath', () => {
  it('names the product screens Products, whatever the product id', () => {
    expect(titleOfPath(PATHS.products)).toBe('Products');
    expect(titleOfPath(PATHS.productNew)).toBe('Products');
    expect(titleOfPath(productPath(42))).toBe('Products');
    expect(titleOfPath(`${productEditPath(42)}/`)).toBe('Products');
    expect(titleOfPath('/products/42/edit/more')).toBeUndefined();
  });

  it('guards the product screens with view_product', () => {
    const productRoutes = ROUTE_TABLE.filter((route) => route.path.startsWith('/products/'));
    expect(productRoutes.map((route) => [route.path, route.permission])).toEqual(
      expect.arrayContaining([
        [PATHS.productNew, 'view_product'],
        [PATHS.product, 'view_product'],
        [PATHS.productEdit, 'view_product'],
      ]),
    );
  });
});

describe('report screens', () => {
  it('draws every report screen without a page of its own from a definition of the report engine', () => {
    const drawn = new Set(REPORT_DEFINITIONS.map((definition) => definition.path));
    expect(REPORT_SCREENS.map((screen) => screen.path).sort()).toEqual([...drawn].sort());
    expect(REPORT_SCREENS.every((screen) => screen.permission === 'view_reports')).toBe(true);
  });
});
