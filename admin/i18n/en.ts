// The back office's English: react-admin's own catalogue (ra-language-english) and the messages of our screens.
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

export const appEn = {
  freshcart: {
    title: 'FreshCart back office',
    language: 'Language',
    auth: {
      email: 'Email',
      no_access: 'This account has no access to the back office',
      forbidden: 'You are not allowed to do this.',
      expired: 'Your session has ended. Please sign in again.',
      incorrect: 'Incorrect email or password',
      heading: 'Sign in to the back office',
    },
    error: {
      network: 'The server could not be reached. Check the connection and try again.',
    },
    dashboard: {
      welcome: 'Welcome to the FreshCart back office',
      intro: 'Run the catalogue: products, categories and brands. Every change is written to the audit log.',
      products: 'Products',
      categories: 'Categories',
      brands: 'Brands',
      audit: 'Audit log',
    },
    product: {
      duplicate: 'Duplicate',
      duplicated: 'A copy was made. You are editing the copy.',
      archive: 'Archive',
      archive_title: 'Archive %{title}?',
      archive_content:
        'It leaves the storefront at once. Orders that hold it keep it. You can find it again under the status "Archived".',
      archived: 'Product archived',
      status_active: 'Active',
      status_archived: 'Archived',
      status_all: 'All',
      english: 'English',
      arabic: 'Arabic',
      stock: 'Stock',
      pricing: 'Price and stock',
      classification: 'Category and brand',
      picture: 'Picture',
      cover_hint: 'The picture path as the storefront uses it. Uploading pictures comes with the next step.',
      stock_history: 'Stock history',
      stock_history_empty: 'No stock changes recorded yet.',
      stock_history_unavailable: 'The stock history could not be read.',
      change: '%{before} → %{after}',
    },
    taxonomy: {
      delete_title: 'Delete %{name}?',
      delete_content: 'Only a category or brand that no product uses can be deleted.',
    },
    audit: {
      before: 'Before',
      after: 'After',
    },
  },
  resources: {
    products: {
      name: 'Product |||| Products',
      fields: {
        q: 'Search',
        title: 'Title (English)',
        titleAr: 'Title (Arabic)',
        description: 'Description (English)',
        descriptionAr: 'Description (Arabic)',
        price: 'Price (EGP)',
        priceAfterDiscount: 'Price after discount (EGP)',
        price_gte: 'Lowest price',
        price_lte: 'Highest price',
        quantity: 'Stock',
        sold: 'Sold',
        category: 'Category',
        brand: 'Brand',
        categoryName: 'Category',
        brandName: 'Brand',
        status: 'Status',
        imageCover: 'Cover picture',
        images: 'Pictures',
        updatedAt: 'Updated',
        createdAt: 'Created',
      },
    },
    categories: {
      name: 'Category |||| Categories',
      fields: { name: 'Name', slug: 'Slug', image: 'Picture', updatedAt: 'Updated' },
    },
    brands: {
      name: 'Brand |||| Brands',
      fields: { name: 'Name', slug: 'Slug', image: 'Picture', updatedAt: 'Updated' },
    },
    'audit-log': {
      name: 'Audit log entry |||| Audit log',
      fields: {
        at: 'When',
        actorEmail: 'Who',
        action: 'Action',
        entity: 'What',
        entityId: 'Record id',
        before: 'Before',
        after: 'After',
      },
    },
  },
};

export const en: TranslationMessages = {
  ...englishMessages,
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, username: appEn.freshcart.auth.email } },
  ...appEn,
};
