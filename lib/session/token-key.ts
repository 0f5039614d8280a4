// Spec section 3: the session token lives in local storage under 'tkn'. A module of its own so the page's
// head script (built at export time, outside React) can name it without the session store's code.
export const TOKEN_KEY = 'tkn';
