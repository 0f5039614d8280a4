// The seeded catalogue: fictional Egyptian-market brands, realistic titles, prices in EGP.
import type { ProductKind } from '../images/art';
import type { ArtCatalogue } from '../images/render';

export interface SeedCategory {
  name: string;
  slug: string;
  kind: ProductKind;
  subcategories: string[];
}

export const seedCategories: SeedCategory[] = [
  {
    name: "Men's Fashion",
    slug: "men's-fashion",
    kind: 'shirt',
    subcategories: ["Men's Clothing", 'Shoes', 'Watches'],
  },
  {
    name: "Women's Fashion",
    slug: "women's-fashion",
    kind: 'dress',
    subcategories: ["Women's Clothing", 'Bags & Luggage', "Women's Shoes"],
  },
  {
    name: 'Electronics',
    slug: 'electronics',
    kind: 'laptop',
    subcategories: ['Laptops', 'Cameras', 'Audio', 'Televisions'],
  },
  { name: 'Mobiles', slug: 'mobiles', kind: 'phone', subcategories: ['Smartphones', 'Mobile Accessories'] },
  {
    name: 'Beauty & Health',
    slug: 'beauty-and-health',
    kind: 'perfume',
    subcategories: ['Fragrance', 'Makeup'],
  },
  { name: 'Home', slug: 'home', kind: 'lamp', subcategories: ['Lighting', 'Kitchen & Dining'] },
  { name: 'Books', slug: 'books', kind: 'book', subcategories: ['Novels', 'Cookbooks'] },
  { name: 'Baby & Toys', slug: 'baby-and-toys', kind: 'toy', subcategories: ['Soft Toys'] },
  { name: 'SuperMarket', slug: 'supermarket', kind: 'food', subcategories: ['Snacks', 'Beverages'] },
  { name: 'Music', slug: 'music', kind: 'guitar', subcategories: ['Instruments'] },
];

export interface SeedBrand {
  name: string;
  slug: string;
}

export const seedBrands: SeedBrand[] = [
  'Nile Threads',
  'Cairo Denim',
  'Delta Wear',
  'Pharaoh Sport',
  'Lotus Atelier',
  'Sphinx Tech',
  'Alexandria Audio',
  'Memphis Mobile',
  'Giza Home',
  'Sahara Beauty',
  'Oasis Foods',
  'Papyrus Press',
  'Luxor Time',
  'Aswan Kids',
  'Red Sea Gear',
  'Zamalek Style',
  'Sinai Outdoor',
  'Nubia Glow',
  'Tahrir Sound',
  'Siwa Organics',
  // Deliberately without products: the storefront's "No items available" brand page.
  'Khan El Khalili Crafts',
].map((name) => ({ name, slug: slugify(name) }));

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9']+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface SeedProduct {
  title: string;
  kind: ProductKind;
  category: string; // category slug
  subcategory: string; // subcategory name
  brand: string; // brand name
  price: number;
  priceAfterDiscount?: number;
}

// [title, kind, category slug, subcategory, brand, price, priceAfterDiscount]
type Row = [string, ProductKind, string, string, string, number, number?];
const rows: Row[] = [
  ["Men's Classic Oxford Cotton Shirt", 'shirt', "men's-fashion", "Men's Clothing", 'Nile Threads', 499, 429],
  ["Men's Slim Fit Linen Shirt", 'shirt', "men's-fashion", "Men's Clothing", 'Zamalek Style', 649],
  [
    "Men's Water Resistant Bomber Jacket",
    'jacket',
    "men's-fashion",
    "Men's Clothing",
    'Delta Wear',
    1299,
    1099,
  ],
  ["Men's Denim Trucker Jacket", 'jacket', "men's-fashion", "Men's Clothing", 'Cairo Denim', 1149],
  ["Men's Lightweight Running Shoes", 'shoe', "men's-fashion", 'Shoes', 'Pharaoh Sport', 1899, 1599],
  ["Men's Leather Derby Shoes", 'shoe', "men's-fashion", 'Shoes', 'Zamalek Style', 2249],
  ["Men's Canvas Everyday Sneakers", 'shoe', "men's-fashion", 'Shoes', 'Red Sea Gear', 899],
  ["Men's Steel Chronograph Watch", 'watch', "men's-fashion", 'Watches', 'Luxor Time', 3499, 2999],
  ["Men's Minimalist Leather Strap Watch", 'watch', "men's-fashion", 'Watches', 'Luxor Time', 1799],
  ["Men's Cotton Polo Shirt", 'shirt', "men's-fashion", "Men's Clothing", 'Pharaoh Sport', 399],
  [
    "Women's Floral Summer Maxi Dress",
    'dress',
    "women's-fashion",
    "Women's Clothing",
    'Lotus Atelier',
    899,
    749,
  ],
  ["Women's Pleated Midi Dress", 'dress', "women's-fashion", "Women's Clothing", 'Zamalek Style', 1099],
  ["Women's Wrap Evening Dress", 'dress', "women's-fashion", "Women's Clothing", 'Lotus Atelier', 1599],
  [
    "Women's Oversized Denim Jacket",
    'jacket',
    "women's-fashion",
    "Women's Clothing",
    'Cairo Denim',
    1199,
    999,
  ],
  ["Women's Soft Wool Blend Shawl", 'scarf', "women's-fashion", "Women's Clothing", 'Nile Threads', 149, 129],
  ["Women's Leather Tote Handbag", 'bag', "women's-fashion", 'Bags & Luggage', 'Lotus Atelier', 1399],
  ["Women's Quilted Crossbody Bag", 'bag', "women's-fashion", 'Bags & Luggage', 'Zamalek Style', 799, 699],
  ["Women's Weekend Travel Duffel", 'bag', "women's-fashion", 'Bags & Luggage', 'Sinai Outdoor', 1249],
  ["Women's Cushioned Walking Sneakers", 'shoe', "women's-fashion", "Women's Shoes", 'Pharaoh Sport', 1499],
  ["Women's Block Heel Ankle Boots", 'shoe', "women's-fashion", "Women's Shoes", 'Delta Wear', 1899, 1649],
  ["Women's Rose Gold Mesh Watch", 'watch', "women's-fashion", "Women's Clothing", 'Luxor Time', 2199],
  ['UltraBook 14 Laptop 16GB RAM 512GB SSD', 'laptop', 'electronics', 'Laptops', 'Sphinx Tech', 32999, 29999],
  ['Creator 16 Laptop with OLED Display', 'laptop', 'electronics', 'Laptops', 'Sphinx Tech', 48999],
  ['Student 15 Laptop 8GB RAM 256GB SSD', 'laptop', 'electronics', 'Laptops', 'Memphis Mobile', 17499],
  ['Mirrorless Camera 24MP with Kit Lens', 'camera', 'electronics', 'Cameras', 'Sphinx Tech', 27999, 25999],
  ['Compact Travel Camera 4K Video', 'camera', 'electronics', 'Cameras', 'Red Sea Gear', 9999],
  [
    'Wireless Noise Cancelling Headphones',
    'headphones',
    'electronics',
    'Audio',
    'Alexandria Audio',
    4499,
    3899,
  ],
  ['Studio Monitor Over Ear Headphones', 'headphones', 'electronics', 'Audio', 'Tahrir Sound', 2799],
  ['Kids Volume Limited Headphones', 'headphones', 'electronics', 'Audio', 'Aswan Kids', 899],
  ['55 Inch 4K Smart LED TV', 'tv', 'electronics', 'Televisions', 'Sphinx Tech', 21999, 19999],
  ['43 Inch Full HD Smart TV', 'tv', 'electronics', 'Televisions', 'Memphis Mobile', 11499],
  ['65 Inch QLED Cinema TV', 'tv', 'electronics', 'Televisions', 'Alexandria Audio', 38999],
  ['Galaxy Nile 5G Smartphone 256GB', 'phone', 'mobiles', 'Smartphones', 'Memphis Mobile', 18999, 17499],
  ['Pharos Pro Smartphone 512GB', 'phone', 'mobiles', 'Smartphones', 'Sphinx Tech', 34999],
  ['Lite X Smartphone 128GB Dual SIM', 'phone', 'mobiles', 'Smartphones', 'Memphis Mobile', 7999],
  ['Rugged Outdoor Smartphone 128GB', 'phone', 'mobiles', 'Smartphones', 'Sinai Outdoor', 9499],
  [
    'Fast Charging Power Bank 20000mAh',
    'powerbank',
    'mobiles',
    'Mobile Accessories',
    'Red Sea Gear',
    899,
    799,
  ],
  ['Smart Fitness Watch with Heart Rate', 'watch', 'mobiles', 'Mobile Accessories', 'Pharaoh Sport', 2499],
  [
    'Oud Royale Eau de Parfum 100ml',
    'perfume',
    'beauty-and-health',
    'Fragrance',
    'Sahara Beauty',
    1850,
    1599,
  ],
  ['Jasmine Nights Eau de Toilette 50ml', 'perfume', 'beauty-and-health', 'Fragrance', 'Nubia Glow', 950],
  ['Citrus Breeze Body Mist 250ml', 'perfume', 'beauty-and-health', 'Fragrance', 'Sahara Beauty', 320],
  ['Velvet Matte Lipstick Ruby Red', 'lipstick', 'beauty-and-health', 'Makeup', 'Nubia Glow', 245, 199],
  ['Hydrating Tinted Lip Balm Set', 'lipstick', 'beauty-and-health', 'Makeup', 'Sahara Beauty', 280],
  ['Brass Arc Floor Lamp', 'lamp', 'home', 'Lighting', 'Giza Home', 2650],
  ['Ceramic Bedside Table Lamp', 'lamp', 'home', 'Lighting', 'Giza Home', 890, 790],
  ['Stoneware Coffee Mug Set of 4', 'mug', 'home', 'Kitchen & Dining', 'Giza Home', 540],
  ['Double Wall Glass Tea Mugs Set', 'mug', 'home', 'Kitchen & Dining', 'Khan Crafts Studio', 460],
  ['The River Keeper A Novel', 'book', 'books', 'Novels', 'Papyrus Press', 260],
  ['Stories from Old Cairo Short Fiction', 'book', 'books', 'Novels', 'Papyrus Press', 225, 199],
  ['Home Cooking Egyptian Classics Cookbook', 'book', 'books', 'Cookbooks', 'Papyrus Press', 390],
  ['Soft Plush Teddy Bear Large', 'toy', 'baby-and-toys', 'Soft Toys', 'Aswan Kids', 450],
  ['Cuddly Bunny Plush with Rattle', 'bunny', 'baby-and-toys', 'Soft Toys', 'Aswan Kids', 320, 279],
  ['Roasted Mixed Nuts Premium Tin 500g', 'food', 'supermarket', 'Snacks', 'Oasis Foods', 385],
  ['Organic Medjool Dates Box 1kg', 'food', 'supermarket', 'Snacks', 'Siwa Organics', 420, 375],
  ['Natural Spring Water Pack 12 x 600ml', 'bottle', 'supermarket', 'Beverages', 'Siwa Organics', 95],
  ['Cold Pressed Mango Juice 1L', 'bottle', 'supermarket', 'Beverages', 'Oasis Foods', 65],
  ['Acoustic Guitar Spruce Top Full Size', 'guitar', 'music', 'Instruments', 'Tahrir Sound', 3250, 2899],
  ['Electric Guitar Starter Pack', 'guitar', 'music', 'Instruments', 'Tahrir Sound', 5400],
];

// "Khan Crafts Studio" above is a second artisan label; make sure it exists as a brand too.
if (!seedBrands.some((b) => b.name === 'Khan Crafts Studio')) {
  seedBrands.splice(seedBrands.length - 1, 0, {
    name: 'Khan Crafts Studio',
    slug: slugify('Khan Crafts Studio'),
  });
}

export const seedProducts: SeedProduct[] = rows.map(
  ([title, kind, category, subcategory, brand, price, priceAfterDiscount]) => ({
    title,
    kind,
    category,
    subcategory,
    brand,
    price,
    ...(priceAfterDiscount ? { priceAfterDiscount } : {}),
  }),
);

const softToy = 'Super-soft, safety-tested materials with secure stitching, gentle enough for little hands.';
const blurbs: Record<ProductKind, string> = {
  shirt: 'Breathable fabric, a tailored cut that keeps its shape wash after wash, and buttons that stay on.',
  dress:
    'A flattering silhouette in a soft, lightly textured fabric that moves with you from day to evening.',
  jacket: 'Warm without the bulk, with a clean finish, deep pockets and a fit that layers easily.',
  shoe: 'A cushioned footbed, a grippy sole and a supportive upper for comfortable all-day wear.',
  bag: 'Roomy main compartment, inner zip pocket and sturdy handles, finished with neat stitching.',
  watch: 'Scratch-resistant glass, a precise quartz movement and water resistance for everyday life.',
  phone: 'A bright edge-to-edge display, all-day battery, fast charging and a versatile camera system.',
  laptop:
    'A fast processor, a crisp display, a comfortable backlit keyboard and a battery that lasts the working day.',
  headphones:
    'Rich, balanced sound, soft memory-foam cushions and a battery that keeps the music going for hours.',
  tv: 'Vivid colour, deep contrast and built-in streaming apps, with slim bezels that suit any room.',
  camera: 'A large sensor for low-light shots, fast autofocus and sharp 4K video in a travel-friendly body.',
  perfume: 'A long-lasting fragrance with a fresh opening, a warm heart and a soft, lingering base.',
  lipstick: 'Rich pigment in one swipe, a comfortable creamy feel and colour that lasts for hours.',
  book: 'Beautifully printed on quality paper, with a durable binding that opens flat.',
  toy: softToy,
  bunny: softToy,
  guitar: 'A resonant tone, smooth action and reliable tuners, set up and ready to play out of the box.',
  lamp: 'Warm, even light with a sturdy base and a timeless design that suits any corner.',
  mug: 'Dishwasher and microwave safe, with a comfortable handle and a generous capacity.',
  food: 'Carefully selected, freshly packed and sealed to keep every bite full of flavour.',
  bottle: 'Conveniently packed and easy to carry: refreshing at home, at work or on the go.',
  powerbank: 'Charges a phone several times over, with fast-charging ports and a charge indicator.',
  scarf: 'Soft, warm and light, with a fine knit and tasselled ends that drape beautifully.',
};

export function describe(p: SeedProduct): string {
  return `${p.title}. ${blurbs[p.kind]} Sold by ${p.brand}; ships anywhere in Egypt.`;
}

/** Reviews: [product index, reviewer index, rating, text]. */
export const seedReviews: Array<[number, number, number, string]> = [
  [0, 0, 5, 'Great fit and the fabric feels premium. Ordering another colour.'],
  [0, 1, 4, 'Nice shirt, runs slightly large.'],
  [4, 2, 5, 'Very comfortable for my morning runs.'],
  [10, 1, 5, 'Beautiful dress, the colours are even better in person.'],
  [14, 0, 5, 'Warm and soft, perfect for winter evenings.'],
  [21, 2, 4, 'Fast and light. Battery easily lasts a full day.'],
  [26, 0, 5, 'The noise cancelling is excellent on the metro.'],
  [32, 1, 4, 'Good value phone, the camera is impressive.'],
  [38, 2, 5, 'Lovely scent that lasts all day.'],
  [56, 0, 5, 'Sounds warm and stays in tune. Great for beginners.'],
];

export const seedReviewers = [
  { name: 'Mona Adel', email: 'mona.reviewer@example.com' },
  { name: 'Karim Samir', email: 'karim.reviewer@example.com' },
  { name: 'Laila Hassan', email: 'laila.reviewer@example.com' },
];

/** What the image drawings need to know of the seeded categories and brands (server/images/render.ts). */
export const seedArt: ArtCatalogue = {
  categoryKind: (slug) => seedCategories.find((c) => c.slug === slug)?.kind,
  brandName: (slug) => seedBrands.find((b) => b.slug === slug)?.name,
};
