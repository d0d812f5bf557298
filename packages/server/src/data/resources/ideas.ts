import type { Idea, IdeaComment } from '@cadence/core';
import { withIsoTimestamps } from '../present';
import { defineResource } from '../resource';

type Raw<T> = T & { created_at: Date; updated_at: Date };

export const ideas = defineResource('ideas', {
  table: 'ideas',
  label: 'Idea',
  select: (db) => db('ideas').select('ideas.*'),
  selectIsTable: true,
  present: (raw: Raw<Idea>) => withIsoTimestamps(raw) as Idea,
});

export const comments = defineResource('comments', {
  table: 'ideas_comments',
  label: 'Comment',
  select: (db) => db('ideas_comments').select('ideas_comments.*'),
  selectIsTable: true,
  present: (raw: Raw<IdeaComment>) => withIsoTimestamps(raw) as IdeaComment,
});
