import type { HomeContent } from '@/lib/contract/home';

/**
 * The home page the shop starts with: three slides of what the shop really has (its newest products, its fashion
 * categories, its electronics; no promise of a discount, since the shop runs none), and no featured categories (Home
 * then shows every category). The pictures hold no text: the words are the page's own, so they stay readable at any
 * width and in both themes, and a screen reader reads them.
 *
 * Migration 0010 writes the same content into both rows of home_content (tests/server/home/default-content.test.ts
 * holds the two together); the prerendered page draws it (components/catalogue/home-placeholder.tsx), and a static
 * host whose API cannot be reached shows it.
 */
export const defaultHomeContent: HomeContent = {
  slides: [
    {
      id: '6f1c2a0e-3b7d-4c1e-9a52-0d4e8b1f7a01',
      picture: '/banners/new-arrivals.svg',
      title: { en: 'New arrivals', ar: 'وصل حديثًا' },
      text: {
        en: 'Just in: fashion, electronics and home.',
        ar: 'وصل الآن: أزياء وإلكترونيات ومستلزمات منزلية.',
      },
      linkLabel: { en: 'new arrivals', ar: 'المنتجات الجديدة' },
      link: '/products',
      from: null,
      until: null,
    },
    {
      id: '6f1c2a0e-3b7d-4c1e-9a52-0d4e8b1f7a02',
      picture: '/banners/fashion.svg',
      title: { en: 'Fashion', ar: 'الأزياء' },
      text: { en: "Women's and men's clothes, shoes and bags.", ar: 'ملابس وأحذية وحقائب للنساء والرجال.' },
      linkLabel: { en: 'fashion categories', ar: 'فئات الأزياء' },
      link: '/categories',
      from: null,
      until: null,
    },
    {
      id: '6f1c2a0e-3b7d-4c1e-9a52-0d4e8b1f7a03',
      picture: '/banners/electronics.svg',
      title: { en: 'Electronics', ar: 'الإلكترونيات' },
      text: { en: 'Phones, laptops, cameras and more.', ar: 'هواتف وحواسيب محمولة وكاميرات والمزيد.' },
      linkLabel: { en: 'electronics', ar: 'الإلكترونيات' },
      link: '/products?category=Electronics',
      from: null,
      until: null,
    },
  ],
  featuredCategories: [],
};
