// Spec section 3: the theme flag lives in local storage under 'dark' (a boolean, stored as JSON).
export const THEME_KEY = 'dark';

/**
 * Runs inline in <head> before the first paint (app/layout.tsx), so a dark page never flashes light.
 * With no stored choice the system preference decides; the first toggle stores an explicit choice.
 */
export const themeInitScript = `try{var d=JSON.parse(localStorage.getItem('${THEME_KEY}'));if(d===null)d=matchMedia('(prefers-color-scheme: dark)').matches;if(d===true)document.documentElement.classList.add('dark')}catch(e){}`;

export function isDarkTheme(): boolean {
  return typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
}

export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  try {
    localStorage.setItem(THEME_KEY, JSON.stringify(dark));
  } catch {
    // Storage disabled: the theme still switches for this visit.
  }
}
