// Shopify product CSVs shaped as Shopify writes them: every column of the header set, in Shopify's order (the
// current set, "Title,URL handle,…", and the legacy one, "Handle,Title,Body (HTML),…"), quoted where a cell
// holds a comma, a quote or a line break, with a BOM and CRLF line ends when asked.
import { stringify } from 'csv-stringify/sync';

/** The first bytes of a PNG file (all the import's checks look at). */
export const png = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.alloc(64, 1),
]);

// prettier-ignore
export const currentHeader = [
  'Title', 'URL handle', 'Description', 'Vendor', 'Product category', 'Type', 'Tags', 'Published on online store',
  'Status', 'SKU', 'Barcode', 'Option1 name', 'Option1 value', 'Option1 Linked To', 'Option2 name', 'Option2 value',
  'Option2 Linked To', 'Option3 name', 'Option3 value', 'Option3 Linked To', 'Price', 'Compare-at price',
  'Cost per item', 'Charge tax', 'Tax code', 'Unit price total measure', 'Unit price total measure unit',
  'Unit price base measure', 'Unit price base measure unit', 'Inventory tracker', 'Inventory quantity',
  'Continue selling when out of stock', 'Weight value (grams)', 'Weight unit for display', 'Requires shipping',
  'Fulfillment service', 'Product image URL', 'Image position', 'Image alt text', 'Variant image URL', 'Gift card',
  'SEO title', 'SEO description', 'Color (product.metafields.shopify.color-pattern)',
  'Google Shopping / Google product category', 'Google Shopping / Gender', 'Google Shopping / Age group',
  'Google Shopping / Manufacturer part number (MPN)', 'Google Shopping / Ad group name',
  'Google Shopping / Ads labels', 'Google Shopping / Condition', 'Google Shopping / Custom product',
  'Google Shopping / Custom label 0', 'Google Shopping / Custom label 1', 'Google Shopping / Custom label 2',
  'Google Shopping / Custom label 3', 'Google Shopping / Custom label 4',
];

// prettier-ignore
export const legacyHeader = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published', 'Option1 Name',
  'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value', 'Variant SKU', 'Variant Grams',
  'Variant Inventory Tracker', 'Variant Inventory Qty', 'Variant Inventory Policy', 'Variant Fulfillment Service',
  'Variant Price', 'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Taxable', 'Variant Barcode',
  'Image Src', 'Image Position', 'Image Alt Text', 'Gift Card', 'SEO Title', 'SEO Description',
  'Google Shopping / Google Product Category', 'Google Shopping / Gender', 'Google Shopping / Age Group',
  'Google Shopping / MPN', 'Google Shopping / AdWords Grouping', 'Google Shopping / AdWords Labels',
  'Google Shopping / Condition', 'Google Shopping / Custom Product', 'Google Shopping / Custom Label 0',
  'Google Shopping / Custom Label 1', 'Google Shopping / Custom Label 2', 'Google Shopping / Custom Label 3',
  'Google Shopping / Custom Label 4', 'Variant Image', 'Variant Weight Unit', 'Variant Tax Code', 'Cost per item',
  'Price / International', 'Compare At Price / International', 'Status',
];

/** One row by meaning; each set's column names are filled from it, the rest left empty as Shopify leaves them. */
export interface Row {
  handle?: string;
  title?: string;
  body?: string;
  vendor?: string;
  category?: string;
  type?: string;
  tags?: string;
  published?: string;
  status?: string;
  sku?: string;
  option?: string;
  price?: string;
  compareAt?: string;
  quantity?: string;
  image?: string;
  position?: string;
  alt?: string;
  giftCard?: string;
}

// prettier-ignore
const columns: Record<'current' | 'legacy', Record<keyof Row, string>> = {
  current: {
    handle: 'URL handle', title: 'Title', body: 'Description', vendor: 'Vendor', category: 'Product category',
    type: 'Type', tags: 'Tags', published: 'Published on online store', status: 'Status', sku: 'SKU',
    option: 'Option1 value', price: 'Price', compareAt: 'Compare-at price', quantity: 'Inventory quantity',
    image: 'Product image URL', position: 'Image position', alt: 'Image alt text', giftCard: 'Gift card',
  },
  legacy: {
    handle: 'Handle', title: 'Title', body: 'Body (HTML)', vendor: 'Vendor', category: 'Product Category',
    type: 'Type', tags: 'Tags', published: 'Published', status: 'Status', sku: 'Variant SKU',
    option: 'Option1 Value', price: 'Variant Price', compareAt: 'Variant Compare At Price',
    quantity: 'Variant Inventory Qty', image: 'Image Src', position: 'Image Position', alt: 'Image Alt Text',
    giftCard: 'Gift Card',
  },
};

/** The rows of a product's first line that Shopify fills on every product (shipping, tax, tracker, …). */
// prettier-ignore
const shopifyDefaults: Record<'current' | 'legacy', Record<string, string>> = {
  current: {
    'Option1 name': 'Title', 'Charge tax': 'TRUE', 'Inventory tracker': 'shopify',
    'Continue selling when out of stock': 'DENY', 'Weight value (grams)': '500', 'Weight unit for display': 'kg',
    'Requires shipping': 'TRUE', 'Fulfillment service': 'manual', 'Gift card': 'FALSE',
  },
  legacy: {
    'Option1 Name': 'Title', 'Variant Grams': '500', 'Variant Inventory Tracker': 'shopify',
    'Variant Inventory Policy': 'deny', 'Variant Fulfillment Service': 'manual', 'Variant Requires Shipping': 'TRUE',
    'Variant Taxable': 'TRUE', 'Gift Card': 'FALSE', 'Variant Weight Unit': 'kg',
  },
};

export function shopifyCsv(
  set: 'current' | 'legacy',
  rows: (Row & { continuation?: boolean })[],
  options: { bom?: boolean; crlf?: boolean } = {},
): string {
  const header = set === 'current' ? currentHeader : legacyHeader;
  const records = rows.map((row) => {
    const cells: Record<string, string> = row.continuation ? {} : { ...shopifyDefaults[set] };
    for (const [key, value] of Object.entries(row)) {
      const column = columns[set][key as keyof Row];
      if (column && value !== undefined) cells[column] = value;
    }
    return header.map((h) => cells[h] ?? '');
  });
  const text = stringify([header, ...records], { record_delimiter: options.crlf ? 'windows' : 'unix' });
  return (options.bom ? '\uFEFF' : '') + text;
}
