/** What belongs to the logged-in viewer (bearer token): favourites, history, progress, reviews, playlists. */
import {
  contentTimeProgressSchema,
  favouriteMarkSchema,
  favouritesPageSchema,
  historyPageSchema,
  historyVisitSchema,
  playlistContentsPageSchema,
  playlistEntrySchema,
  playlistPageSchema,
  playlistSchema,
  reviewDeletedSchema,
  reviewPageSchema,
  reviewSchema,
  type PlaylistCreateBody,
  type ReviewBody,
} from '../../contract/schemas/viewer-schema.ts';
import { apiCall, CATALOGUE } from './site-http.ts';

type Signal = AbortSignal | undefined;
export type ReviewSort = 'newest' | 'helpful';

export const viewerApi = {
  favourites: (page: number, pageSize: number, signal?: Signal) =>
    apiCall(favouritesPageSchema, 'POST', `${CATALOGUE}/contents/favorites`, { body: { page, pageSize }, signal }),
  /** Whether this one content is among the favourites, however long the list. */
  favouriteMark: (contentId: number, signal?: Signal) => apiCall(favouriteMarkSchema, 'GET', `${CATALOGUE}/contents/favorites/${contentId}`, { signal }),
  setFavourite: (contentId: number, favourite: boolean) =>
    apiCall(favouriteMarkSchema, favourite ? 'POST' : 'DELETE', `${CATALOGUE}/contents/favorites/${contentId}`),
  history: (page: number, pageSize: number, signal?: Signal) =>
    apiCall(historyPageSchema, 'POST', `${CATALOGUE}/v2/contents/history`, { body: { page, pageSize }, signal }),
  visit: (contentId: number) => apiCall(historyVisitSchema, 'POST', `${CATALOGUE}/contents/${contentId}/history`),
  timeProgress: (contentId: number, signal?: Signal) => apiCall(contentTimeProgressSchema, 'GET', `${CATALOGUE}/contents/${contentId}/time-progress`, { signal }),
  reviews: (contentId: number, page: number, sort: ReviewSort, signal?: Signal) =>
    apiCall(reviewPageSchema, 'POST', `${CATALOGUE}/v2/contents/${contentId}/reviews`, { body: { page, pageSize: 10, sort }, signal }),
  createReview: (contentId: number, body: ReviewBody) => apiCall(reviewSchema, 'POST', `${CATALOGUE}/v2/contents/${contentId}/reviews/create`, { body }),
  updateReview: (contentId: number, reviewId: number, body: ReviewBody) => apiCall(reviewSchema, 'PUT', `${CATALOGUE}/v2/contents/${contentId}/reviews/${reviewId}`, { body }),
  deleteReview: (contentId: number, reviewId: number) => apiCall(reviewDeletedSchema, 'DELETE', `${CATALOGUE}/v2/contents/${contentId}/reviews/${reviewId}`),
  vote: (contentId: number, reviewId: number, value: 1 | -1) =>
    apiCall(reviewSchema, 'POST', `${CATALOGUE}/v2/contents/${contentId}/reviews/${reviewId}/vote`, { body: { value } }),
  playlists: (mine: boolean, page: number, signal?: Signal) =>
    apiCall(playlistPageSchema, 'POST', `${CATALOGUE}/v2/playlists`, { body: { page, pageSize: 50, mine }, signal }),
  createPlaylist: (body: PlaylistCreateBody) => apiCall(playlistSchema, 'POST', `${CATALOGUE}/playlists/new`, { body }),
  playlistBySlug: (slug: string, signal?: Signal) => apiCall(playlistSchema, 'POST', `${CATALOGUE}/playlists/by-slug/${encodeURIComponent(slug)}`, { signal }),
  playlistContents: (id: number, page: number, signal?: Signal) =>
    apiCall(playlistContentsPageSchema, 'POST', `${CATALOGUE}/v2/playlists/${id}/contents`, { body: { page, pageSize: 24 }, signal }),
  addToPlaylist: (playlistId: number, contentId: number) => apiCall(playlistEntrySchema, 'POST', `${CATALOGUE}/playlists/${playlistId}/contents/${contentId}`),
};
