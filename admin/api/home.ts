// The home page's content calls (docs/api.md "Home page content"): the draft read and saved whole with the version
// it was edited from, published by that version, and previewed through a short-lived link.
import type {
  HomeContentInput,
  HomeDraftAnswer,
  HomeDraftBody,
  HomePreviewAnswer,
  HomePreviewBody,
  HomePublishedAnswer,
  HomePublishBody,
} from '@/lib/contract/home';
import { request } from './client';

export type HomeDraft = HomeDraftAnswer['data'];
export type HomePreview = HomePreviewAnswer['data'];

export async function readHomeDraft(signal?: AbortSignal): Promise<HomeDraft> {
  return (await request<HomeDraftAnswer>('/home/draft', { signal })).data;
}

/** 400 names the slide and field; 409 when the draft moved on since `version`. */
export async function saveHomeDraft(version: number, content: HomeContentInput): Promise<HomeDraft> {
  const body: HomeDraftBody = { version, content };
  return (await request<HomeDraftAnswer>('/home/draft', { method: 'PUT', body })).data;
}

/** 409 when the draft moved on since `version`. */
export async function publishHome(version: number): Promise<HomePublishedAnswer['data']> {
  const body: HomePublishBody = { version };
  return (await request<HomePublishedAnswer>('/home/publish', { method: 'POST', body })).data;
}

/** `at`: the moment the preview shows the draft at; absent = whenever the link is opened. */
export async function previewHome(at?: string): Promise<HomePreview> {
  const body: HomePreviewBody = at ? { at } : {};
  return (await request<HomePreviewAnswer>('/home/preview', { method: 'POST', body })).data;
}
