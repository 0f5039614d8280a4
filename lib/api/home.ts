import useSWR from 'swr';
import type { HomeContent, PublicHomeAnswer } from '@/lib/contract/home';
import { defaultHomeContent } from '@/lib/home/default-content';
import { homeContentElementId, type PageHomeContent } from '@/lib/home/content';
import { apiRequest, type ApiError } from './client';
import { homePath } from './paths';
import { swrOptions } from './swr-options';

let read: PageHomeContent | null | undefined;

/** The content our server wrote into this page, read once; null on a static host (or when it is not readable). */
export function pageHomeContent(): PageHomeContent | null {
  if (read !== undefined) return read;
  read = null;
  if (typeof document === 'undefined') return read;
  const element = document.getElementById(homeContentElementId);
  if (!element?.textContent) return read;
  try {
    const value = JSON.parse(element.textContent) as PageHomeContent;
    if (Array.isArray(value.slides) && Array.isArray(value.featuredCategories)) read = value;
  } catch {
    // A page without valid content is a page without content: Home asks the API.
  }
  return read;
}

/** For tests: forget what was read, so the next call reads the page again. */
export function forgetPageHomeContent(): void {
  read = undefined;
}

export function homePreviewPath(token: string): string {
  return `${homePath}?preview=${encodeURIComponent(token)}`;
}

async function fetchHome(path: string): Promise<PublicHomeAnswer['data']> {
  // Both languages are in the answer: asked in the page's language only so the head script's read is taken.
  return (await apiRequest<PublicHomeAnswer>(path)).data;
}

export interface HomeContentState {
  content: HomeContent;
  /** A preview link's draft is shown: the moment it is shown at. */
  previewAt: string | null;
  /** The preview link could not be read (expired, altered): what the server said. */
  previewError: ApiError | null;
}

/**
 * Home's banner and featured categories. From a preview link (`#/preview?token=TOKEN`): the draft it opens. Else what
 * our server wrote into the page (no request at all), or, on a static host, what the API says is live, showing the
 * content the shop started with until it answers.
 */
export function useHomeContent(previewToken: string | null): HomeContentState {
  const inPage = pageHomeContent();
  const preview = useSWR<PublicHomeAnswer['data'], ApiError>(
    previewToken ? ['HomePreview', previewToken] : null,
    () => fetchHome(homePreviewPath(previewToken!)),
    swrOptions,
  );
  const live = useSWR<PublicHomeAnswer['data'], ApiError>(
    inPage || previewToken ? null : 'Home',
    () => fetchHome(homePath),
    swrOptions,
  );
  if (previewToken && preview.data) {
    return { content: preview.data, previewAt: preview.data.preview?.at ?? null, previewError: null };
  }
  const content = inPage ?? live.data ?? defaultHomeContent;
  return { content, previewAt: null, previewError: previewToken ? (preview.error ?? null) : null };
}
