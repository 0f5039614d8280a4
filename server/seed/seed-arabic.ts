// The seeded catalogue in Arabic, beside the English of seed-data.ts: every category, subcategory, brand and
// product, keyed by its English name, and the description blurbs. Brand names are the fictional brands read
// the way an Egyptian shop would write them; model names and units stay as the packaging prints them.
import type { ProductKind } from '../images/art';

/** Category slug → Arabic name. */
export const categoryNamesAr: Record<string, string> = {
  "men's-fashion": 'أزياء رجالية',
  "women's-fashion": 'أزياء نسائية',
  electronics: 'إلكترونيات',
  mobiles: 'هواتف محمولة',
  'beauty-and-health': 'الجمال والصحة',
  home: 'المنزل',
  books: 'كتب',
  'baby-and-toys': 'الأطفال والألعاب',
  supermarket: 'سوبر ماركت',
  music: 'موسيقى',
};

/** Subcategory English name → Arabic name. */
export const subcategoryNamesAr: Record<string, string> = {
  "Men's Clothing": 'ملابس رجالية',
  Shoes: 'أحذية',
  Watches: 'ساعات',
  "Women's Clothing": 'ملابس نسائية',
  'Bags & Luggage': 'حقائب وأمتعة',
  "Women's Shoes": 'أحذية نسائية',
  Laptops: 'أجهزة لابتوب',
  Cameras: 'كاميرات',
  Audio: 'صوتيات',
  Televisions: 'تلفزيونات',
  Smartphones: 'هواتف ذكية',
  'Mobile Accessories': 'إكسسوارات الموبايل',
  Fragrance: 'عطور',
  Makeup: 'مكياج',
  Lighting: 'إضاءة',
  'Kitchen & Dining': 'المطبخ والسفرة',
  Novels: 'روايات',
  Cookbooks: 'كتب الطبخ',
  'Soft Toys': 'ألعاب محشوة',
  Snacks: 'وجبات خفيفة',
  Beverages: 'مشروبات',
  Instruments: 'آلات موسيقية',
};

/** Brand English name → Arabic name. */
export const brandNamesAr: Record<string, string> = {
  'Nile Threads': 'خيوط النيل',
  'Cairo Denim': 'كايرو دنيم',
  'Delta Wear': 'دلتا وير',
  'Pharaoh Sport': 'فرعون سبورت',
  'Lotus Atelier': 'أتيليه لوتس',
  'Sphinx Tech': 'سفنكس تك',
  'Alexandria Audio': 'الإسكندرية للصوتيات',
  'Memphis Mobile': 'ممفيس موبايل',
  'Giza Home': 'جيزة هوم',
  'Sahara Beauty': 'صحارى بيوتي',
  'Oasis Foods': 'أطعمة الواحة',
  'Papyrus Press': 'دار بردية للنشر',
  'Luxor Time': 'ساعات الأقصر',
  'Aswan Kids': 'أسوان كيدز',
  'Red Sea Gear': 'معدات البحر الأحمر',
  'Zamalek Style': 'ستايل الزمالك',
  'Sinai Outdoor': 'سيناء أوتدور',
  'Nubia Glow': 'نوبيا جلو',
  'Tahrir Sound': 'صوت التحرير',
  'Siwa Organics': 'سيوة أورجانيك',
  'Khan Crafts Studio': 'ستوديو خان للحرف',
  'Khan El Khalili Crafts': 'حرف خان الخليلي',
};

/** Product English title → Arabic title. */
export const productTitlesAr: Record<string, string> = {
  "Men's Classic Oxford Cotton Shirt": 'قميص أكسفورد قطني كلاسيكي للرجال',
  "Men's Slim Fit Linen Shirt": 'قميص كتان رجالي بقصة ضيقة',
  "Men's Water Resistant Bomber Jacket": 'جاكيت بومبر رجالي مقاوم للماء',
  "Men's Denim Trucker Jacket": 'جاكيت جينز تراكر رجالي',
  "Men's Lightweight Running Shoes": 'حذاء جري رجالي خفيف الوزن',
  "Men's Leather Derby Shoes": 'حذاء ديربي جلد طبيعي رجالي',
  "Men's Canvas Everyday Sneakers": 'سنيكرز كانفاس رجالي للاستخدام اليومي',
  "Men's Steel Chronograph Watch": 'ساعة كرونوغراف رجالية من الستانلس ستيل',
  "Men's Minimalist Leather Strap Watch": 'ساعة رجالية بتصميم بسيط وسوار جلدي',
  "Men's Cotton Polo Shirt": 'قميص بولو قطني رجالي',
  "Women's Floral Summer Maxi Dress": 'فستان ماكسي صيفي مشجر للنساء',
  "Women's Pleated Midi Dress": 'فستان ميدي بكسرات للنساء',
  "Women's Wrap Evening Dress": 'فستان سهرة ملفوف للنساء',
  "Women's Oversized Denim Jacket": 'جاكيت جينز واسع للنساء',
  "Women's Soft Wool Blend Shawl": 'شال ناعم من مزيج الصوف للنساء',
  "Women's Leather Tote Handbag": 'حقيبة يد توت جلدية للنساء',
  "Women's Quilted Crossbody Bag": 'حقيبة كروس مبطنة للنساء',
  "Women's Weekend Travel Duffel": 'حقيبة سفر دافل لعطلة نهاية الأسبوع للنساء',
  "Women's Cushioned Walking Sneakers": 'سنيكرز مشي مبطن للنساء',
  "Women's Block Heel Ankle Boots": 'بوت كاحل بكعب عريض للنساء',
  "Women's Rose Gold Mesh Watch": 'ساعة نسائية بسوار شبكي بلون الذهب الوردي',
  'UltraBook 14 Laptop 16GB RAM 512GB SSD': 'لابتوب ألترابوك 14 رام 16 جيجابايت وتخزين SSD سعة 512 جيجابايت',
  'Creator 16 Laptop with OLED Display': 'لابتوب كرييتور 16 بشاشة OLED',
  'Student 15 Laptop 8GB RAM 256GB SSD': 'لابتوب ستيودنت 15 رام 8 جيجابايت وتخزين SSD سعة 256 جيجابايت',
  'Mirrorless Camera 24MP with Kit Lens': 'كاميرا ميرورلس 24 ميجابكسل مع عدسة أساسية',
  'Compact Travel Camera 4K Video': 'كاميرا سفر مدمجة بتصوير فيديو 4K',
  'Wireless Noise Cancelling Headphones': 'سماعات رأس لاسلكية بخاصية عزل الضوضاء',
  'Studio Monitor Over Ear Headphones': 'سماعات استوديو احترافية فوق الأذن',
  'Kids Volume Limited Headphones': 'سماعات أطفال بمستوى صوت محدود',
  '55 Inch 4K Smart LED TV': 'تلفزيون ذكي LED مقاس 55 بوصة بدقة 4K',
  '43 Inch Full HD Smart TV': 'تلفزيون ذكي مقاس 43 بوصة بدقة Full HD',
  '65 Inch QLED Cinema TV': 'تلفزيون سينما QLED مقاس 65 بوصة',
  'Galaxy Nile 5G Smartphone 256GB': 'هاتف ذكي جالاكسي نايل 5G سعة 256 جيجابايت',
  'Pharos Pro Smartphone 512GB': 'هاتف ذكي فاروس برو سعة 512 جيجابايت',
  'Lite X Smartphone 128GB Dual SIM': 'هاتف ذكي لايت إكس سعة 128 جيجابايت بشريحتين',
  'Rugged Outdoor Smartphone 128GB': 'هاتف ذكي متين للرحلات الخارجية سعة 128 جيجابايت',
  'Fast Charging Power Bank 20000mAh': 'باور بانك بشحن سريع 20000 مللي أمبير',
  'Smart Fitness Watch with Heart Rate': 'ساعة لياقة ذكية بقياس نبضات القلب',
  'Oud Royale Eau de Parfum 100ml': 'عطر عود رويال أو دو بارفان 100 مل',
  'Jasmine Nights Eau de Toilette 50ml': 'عطر ليالي الياسمين أو دو تواليت 50 مل',
  'Citrus Breeze Body Mist 250ml': 'معطر جسم نسيم الحمضيات 250 مل',
  'Velvet Matte Lipstick Ruby Red': 'أحمر شفاه مخملي مطفي بلون الياقوت الأحمر',
  'Hydrating Tinted Lip Balm Set': 'طقم مرطب شفاه ملون',
  'Brass Arc Floor Lamp': 'أباجورة أرضية مقوسة من النحاس',
  'Ceramic Bedside Table Lamp': 'أباجورة سرير من السيراميك',
  'Stoneware Coffee Mug Set of 4': 'طقم 4 مجات قهوة من الفخار الحجري',
  'Double Wall Glass Tea Mugs Set': 'طقم أكواب شاي زجاجية مزدوجة الجدار',
  'The River Keeper A Novel': 'حارس النهر: رواية',
  'Stories from Old Cairo Short Fiction': 'حكايات من القاهرة القديمة: قصص قصيرة',
  'Home Cooking Egyptian Classics Cookbook': 'كتاب طبخ بيتي: أشهر أكلات المطبخ المصري',
  'Soft Plush Teddy Bear Large': 'دبدوب قطيفة ناعم حجم كبير',
  'Cuddly Bunny Plush with Rattle': 'أرنب قطيفة لطيف بشخشيخة',
  'Roasted Mixed Nuts Premium Tin 500g': 'مكسرات مشكلة محمصة فاخرة علبة 500 جرام',
  'Organic Medjool Dates Box 1kg': 'تمر مجدول عضوي علبة 1 كيلو',
  'Natural Spring Water Pack 12 x 600ml': 'مياه ينابيع طبيعية عبوة 12 × 600 مل',
  'Cold Pressed Mango Juice 1L': 'عصير مانجو معصور على البارد 1 لتر',
  'Acoustic Guitar Spruce Top Full Size': 'جيتار أكوستيك بوجه من خشب السبروس مقاس كامل',
  'Electric Guitar Starter Pack': 'طقم جيتار كهربائي للمبتدئين',
};

const softToyAr = 'خامات فائقة النعومة مختبرة الأمان وخياطة محكمة، لطيفة على الأيدي الصغيرة.';
const blurbsAr: Record<ProductKind, string> = {
  shirt: 'قماش يسمح بمرور الهواء، وقصة مفصلة تحافظ على شكلها غسلة بعد غسلة، وأزرار ثابتة لا تسقط.',
  dress: 'قصة أنيقة تبرز القوام من قماش ناعم خفيف الملمس، ترافقك من النهار حتى المساء.',
  jacket: 'دفء من غير ثقل، بتشطيب أنيق وجيوب عميقة وقصة تسمح بارتداء طبقات تحته بسهولة.',
  shoe: 'نعل داخلي مبطن ونعل خارجي مانع للانزلاق وجزء علوي داعم لراحة تدوم طوال اليوم.',
  bag: 'مساحة رئيسية واسعة وجيب داخلي بسحاب ومقابض متينة، مع خياطة متقنة.',
  watch: 'زجاج مقاوم للخدش وماكينة كوارتز دقيقة ومقاومة للماء تناسب الاستخدام اليومي.',
  phone:
    'شاشة ساطعة من الحافة إلى الحافة، وبطارية تكفي اليوم كله، وشحن سريع، ونظام كاميرات متعدد الاستخدامات.',
  laptop: 'معالج سريع وشاشة واضحة ولوحة مفاتيح مريحة بإضاءة خلفية، وبطارية تكفي يوم العمل كاملا.',
  headphones: 'صوت غني ومتوازن، ووسائد ناعمة من الفوم الطبي، وبطارية تبقي الموسيقى مستمرة لساعات.',
  tv: 'ألوان زاهية وتباين عميق وتطبيقات بث مدمجة، بإطار نحيف يناسب أي غرفة.',
  camera: 'مستشعر كبير للتصوير في الإضاءة الخافتة، وتركيز تلقائي سريع، وفيديو 4K واضح في جسم مناسب للسفر.',
  perfume: 'عطر يدوم طويلا بافتتاحية منعشة وقلب دافئ وقاعدة ناعمة يبقى أثرها.',
  lipstick: 'لون غني من أول لمسة، وملمس كريمي مريح، وثبات يدوم لساعات.',
  book: 'طباعة أنيقة على ورق عالي الجودة، وتجليد متين يبقى مفتوحا على الصفحة التي تقرؤها.',
  toy: softToyAr,
  bunny: softToyAr,
  guitar: 'نغمة رنانة وأوتار سهلة العزف ومفاتيح ضبط يعتمد عليها، مضبوط وجاهز للعزف فور إخراجه من العلبة.',
  lamp: 'إضاءة دافئة ومتساوية وقاعدة ثابتة وتصميم لا يفقد جاذبيته، يناسب أي ركن.',
  mug: 'آمن في غسالة الأطباق والميكروويف، بمقبض مريح وسعة كبيرة.',
  food: 'منتقى بعناية ومعبأ طازجا ومحكم الإغلاق ليحتفظ بكامل نكهته.',
  bottle: 'عبوة عملية سهلة الحمل: منعش في البيت أو العمل أو أثناء التنقل.',
  powerbank: 'يشحن الهاتف عدة مرات، بمنافذ للشحن السريع ومؤشر يبين مقدار الشحن المتبقي.',
  scarf: 'ناعم ودافئ وخفيف، بنسيج دقيق وأطراف مزينة بشراشيب تنسدل بأناقة.',
};

/** The Arabic description: the English one's parts (title, blurb, seller, shipping) in Arabic. */
export function describeAr(p: { titleAr: string; kind: ProductKind; brand: string }): string {
  return `${p.titleAr}. ${blurbsAr[p.kind]} من ${arabicOf(brandNamesAr, p.brand, 'brand')}، مع الشحن إلى جميع أنحاء مصر.`;
}

/**
 * The generated editions' names (seed.ts, `--products N`), one for each English adjective there, in the same
 * order. Each agrees with "الإصدار" (edition), not with the product, so it suits every title.
 */
export const editionAdjectivesAr = [
  'الكلاسيكي',
  'الأساسي',
  'الممتاز',
  'اليومي',
  'الخاص',
  'الحضري',
  'التراثي',
  'الاحترافي',
  'المختار',
  'الفاخر',
];

/** A generated edition's Arabic title, as `${adjective} ${title} Edition ${n}` is the English one. */
export function editionTitleAr(titleAr: string, edition: number): string {
  return `${titleAr} - الإصدار ${editionAdjectivesAr[edition % editionAdjectivesAr.length]!} ${edition}`;
}

/** The Arabic of an English name; a name without one stops the seed (every seeded row has Arabic). */
export function arabicOf(names: Record<string, string>, english: string, what: string): string {
  const arabic = Object.hasOwn(names, english) ? names[english] : undefined;
  if (!arabic) throw new Error(`seed: no Arabic for the ${what} "${english}"`);
  return arabic;
}
