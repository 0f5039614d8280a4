// Arabic as a search compares it: one spelling for the letters shoppers write interchangeably. The same rule
// runs in the database (arabic_normalise() in server/db/migrations, which fills the searched title and
// description columns) and on the search text, and a test holds the two to the same answers.

/**
 * Marks that change neither the word nor how shoppers type it: the harakat (fathatan to sukun), shadda,
 * the hamza and madda written as marks, the superscript alef, Quranic annotation signs, and the tatweel
 * (the stretching stroke, U+0640).
 */
const marks = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED]|\u0640/g;

/** Letters folded into one: alef forms (أ إ آ ٱ) into bare alef, taa marbuta into haa, alef maqsura into yaa. */
const letters: Record<string, string> = {
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0622': '\u0627',
  '\u0671': '\u0627',
  '\u0629': '\u0647',
  '\u0649': '\u064A',
};

/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits, as ASCII digits. */
const digits = /[\u0660-\u0669\u06F0-\u06F9]/g;
const foldable = /[\u0623\u0625\u0622\u0671\u0629\u0649]/g;

/** The text with its Arabic-Indic and Eastern Arabic-Indic digits as ASCII digits ("٣" → "3"). */
export function asciiDigits(text: string): string {
  return text.replace(digits, (d) => String(d.charCodeAt(0) - (d >= '\u06F0' ? 0x06f0 : 0x0660)));
}

/**
 * The search form of Arabic text: composed (NFC, so a hamza typed as a mark meets the letter that carries
 * it), marks and tatweel removed, alef forms, taa marbuta and alef maqsura folded, Arabic digits as ASCII.
 * Text without Arabic is returned as it came (NFC aside), so English searches are untouched.
 */
export function normaliseArabic(text: string): string {
  return asciiDigits(
    text
      .normalize('NFC')
      .replace(marks, '')
      .replace(foldable, (c) => letters[c] ?? c),
  );
}

/** Arabic letters (the base block and its supplements and presentation forms), digits excluded. */
const arabicLetter =
  /[\u0621-\u064A\u066E-\u06D3\u06D5\u06EE\u06EF\u06FA-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFC]/;

/** Whether the text holds an Arabic letter: such a search is looked for in the Arabic titles. */
export function hasArabicLetter(text: string): boolean {
  return arabicLetter.test(text);
}
