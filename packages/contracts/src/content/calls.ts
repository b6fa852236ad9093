import { legalPage, newsDetail, newsList, rankList, rankSetting } from './answers.ts';
import { followListParams, legalPageParams, newsInfoParams, newsListParams, rankSettingParams } from './params.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { CONTENT_PATHS as API } from './paths.ts';

/** News, announcements and the rankings. */
export const CONTENT_CALLS = [
  {
    path: API.newsList,
    methods: GET,
    auth: 'none',
    tag: 'content',
    summary: 'Published news (category 1) or announcements (2), newest first, in the request language',
    params: newsListParams,
    response: newsList,
  },
  {
    path: API.newsInfo,
    methods: GET,
    auth: 'none',
    tag: 'content',
    summary: 'One article with its sanitised HTML',
    params: newsInfoParams,
    response: newsDetail,
  },
  {
    path: API.followList,
    methods: GET,
    auth: 'none',
    tag: 'content',
    summary: 'Copy-trade strategies (DESIGN §18) ranked by their 3-week return after fees; a new strategy is listed at once',
    params: followListParams,
    response: rankList,
  },
  {
    path: API.rankSetting,
    methods: POST,
    auth: 'real',
    tag: 'content',
    summary: 'Opt in to or out of the rankings',
    params: rankSettingParams,
    response: rankSetting,
  },
  {
    path: API.legalPage,
    methods: GET,
    auth: 'none',
    tag: 'content',
    summary: 'A sign-up document (terms, privacy, risk) in the request language, as staff last published it',
    params: legalPageParams,
    response: legalPage,
  },
] as const satisfies readonly CallDef[];
