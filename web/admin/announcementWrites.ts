import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AnnouncementAudiences,
  AnnouncementPreview,
  AnnouncementView,
  WriteAnnouncement,
} from '../../contracts/newsletter/announcements.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';

/** The announcements, read again while one is being sent so its count climbs on screen. */
export function useAnnouncements(minPosition: string | null) {
  return useQuery({
    queryKey: queryKeys.adminAnnouncements(minPosition ? { minPosition } : undefined),
    queryFn: async (context) => ((await adminQueryFn(context)) as { announcements: AnnouncementView[] }).announcements,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((a) => a.status === 'sending') ? 2_000 : false),
  });
}

export function useAudiences() {
  return useQuery({
    queryKey: queryKeys.adminAnnouncementAudiences(),
    queryFn: adminQueryFn as () => Promise<AnnouncementAudiences>,
  });
}

export function usePreviewAnnouncement() {
  return useMutation({
    mutationFn: (body: WriteAnnouncement) =>
      adminJson<AnnouncementPreview>('POST', '/api/admin/announcements/preview', body),
  });
}

export function useWriteAnnouncement() {
  return useMutation({
    mutationFn: (body: WriteAnnouncement) =>
      adminJson<{ id: string; position: string | null }>('POST', '/api/admin/announcements', body),
  });
}

export function useTestAnnouncement() {
  return useMutation({
    mutationFn: (id: string) =>
      adminJson<{ id: string }>('POST', `/api/admin/announcements/${encodeURIComponent(id)}/test`, {}),
  });
}

export function useSendAnnouncement() {
  return useMutation({
    mutationFn: (id: string) =>
      adminJson<{ id: string; position: string | null }>(
        'POST',
        `/api/admin/announcements/${encodeURIComponent(id)}/send`,
        {},
      ),
  });
}
