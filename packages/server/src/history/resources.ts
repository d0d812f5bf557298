import type { HistoryResource } from '@cadence/core';
import type { Resource } from '../data/crud';
import { campaigns } from '../routes/campaigns/resource';
import { events } from '../routes/events/routes';
import { comments, ideas } from '../routes/ideas/routes';
import { adTypes, ads, articles, prospective, publications } from '../routes/industry/resources';

/** The data resource behind each history resource whose rows the API reads (admin records have none). */
export const HISTORY_DATA: Partial<Record<HistoryResource, Resource<any, any>>> = {
  campaigns,
  ideas,
  comments,
  publications,
  'ad-types': adTypes,
  ads,
  'prospective-publications': prospective,
  articles,
  events,
};
