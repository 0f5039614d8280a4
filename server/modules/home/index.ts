// The home page module's face (issue 27, item 5): the banner's slides and the featured categories, edited as a draft
// by staff and published to the storefront; the cache of the published page the app keeps on ctx.
export { HomeCache, feedHomeCache } from './cache';
export { defaultHomeContent } from '@/lib/home/default-content';
export { homeRoutes } from './routes';
export { publicHome } from './service';
