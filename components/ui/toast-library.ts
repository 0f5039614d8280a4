// react-toastify and the shop's look for its toasts (below the fixed header, in the theme's colours), fetched
// together on the first toast or once the page is idle (notify.ts), so neither weighs on the first screen.
import './toast-theme.scss';

export { toast, ToastContainer } from 'react-toastify';
