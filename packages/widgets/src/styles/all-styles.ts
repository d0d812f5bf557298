import adManager from './ad-manager.css?inline';
import base from './base.css?inline';
import calendar from './calendar.css?inline';
import channels from './channels.css?inline';
import filters from './filters.css?inline';
import gantt from './gantt.css?inline';
import history from './history.css?inline';
import ideas from './ideas.css?inline';
import load from './load.css?inline';
import pages from './pages.css?inline';
import permissions from './permissions.css?inline';
import print from './print.css?inline';
import printLayout from './print-layout.css?inline';
import tables from './tables.css?inline';

/** Every widget's rules in one string (the base first), for a host's own `<style>` or Shadow DOM. */
export const cadenceStyles: string = [base, pages, filters, calendar, channels, gantt, ideas, tables, adManager, permissions, history, print, printLayout, load].join('\n');
