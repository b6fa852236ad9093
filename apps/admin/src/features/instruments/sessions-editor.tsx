import type { MarketHours } from '@tradepad/contracts/staff/ops';
import { Alert, Box, Button, IconButton, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { hhmm, minutesOf, sessionsOfWeek, weekOf, type WeekText } from './sessions.ts';

const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * Trading sessions by weekday (issue 32 point 6), instead of the JSON: per day closed, or one or more open–close
 * ranges (`HH:MM`, 24:00 the day's end) in the instrument's time zone; written back in the stored format. `onChange`
 * gets the hours, or null while what is typed is refused (the message says why, and the form cannot be saved).
 */
export function SessionsEditor({ value, onChange }: { value: MarketHours; onChange: (hours: MarketHours | null) => void }) {
  const translate = useTranslate();
  const [week, setWeek] = useState<WeekText>(() => weekOf(value.sessions));
  const [zone, setZone] = useState(value.timeZone);
  const [rollover, setRollover] = useState(hhmm(value.rollover));
  const result = sessionsOfWeek(week);
  const rolloverMinutes = minutesOf(rollover);

  const update = (next: WeekText, nextZone = zone, nextRollover = rollover) => {
    setWeek(next);
    const r = sessionsOfWeek(next);
    const roll = minutesOf(nextRollover);
    onChange(
      'sessions' in r && roll !== undefined && roll < 1440 && nextZone.trim() !== ''
        ? { timeZone: nextZone.trim(), rollover: roll, sessions: r.sessions }
        : null,
    );
  };
  const setDay = (day: number, ranges: WeekText[number]) => update(week.map((d, i) => (i === day ? ranges : d)));
  const problem = 'problem' in result ? result.problem : undefined;

  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}
      data-testid="sessions-editor"
    >
      <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
        {translate('tp.sessions.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 1.5 }}>
        <TextField
          size="small"
          label={translate('tp.sessions.zone')}
          value={zone}
          onChange={(e) => {
            setZone(e.target.value);
            update(week, e.target.value);
          }}
          helperText={translate('tp.sessions.zone_hint')}
          slotProps={{ htmlInput: { name: 'time_zone' } }}
        />
        <TextField
          size="small"
          label={translate('tp.sessions.rollover')}
          value={rollover}
          error={rolloverMinutes === undefined || rolloverMinutes >= 1440}
          onChange={(e) => {
            setRollover(e.target.value);
            update(week, zone, e.target.value);
          }}
          helperText={translate('tp.sessions.rollover_hint')}
          slotProps={{ htmlInput: { name: 'rollover', inputMode: 'numeric' } }}
          sx={{ width: 160 }}
        />
      </Stack>
      <Stack spacing={0.5}>
        {WEEK.map((day) => {
          const ranges = week[day] ?? [];
          const open = ranges.length > 0;
          const label = translate(`tp.instruments.weekday_${day}`);
          return (
            <Stack
              key={day}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', minHeight: 44, flexWrap: 'wrap' }}
              role="group"
              aria-label={label}
            >
              <Typography sx={{ width: 100 }}>{label}</Typography>
              <Switch
                checked={open}
                onChange={(e) => setDay(day, e.target.checked ? [{ open: '00:00', close: '24:00' }] : [])}
                slotProps={{ input: { 'aria-label': `${label}: ${translate('tp.sessions.open')}` } }}
              />
              {!open && (
                <Typography color="text.secondary" sx={{ minWidth: 80 }}>
                  {translate('tp.sessions.closed')}
                </Typography>
              )}
              {ranges.map((r, i) => {
                const bad = problem?.day === day && (problem.range === undefined || problem.range === i);
                const field = (k: 'open' | 'close') => (
                  <TextField
                    size="small"
                    value={r[k]}
                    error={bad}
                    onChange={(e) =>
                      setDay(
                        day,
                        ranges.map((x, j) => (j === i ? { ...x, [k]: e.target.value } : x)),
                      )
                    }
                    slotProps={{
                      htmlInput: {
                        'aria-label': `${label} ${i + 1}: ${translate(`tp.sessions.${k}`)}`,
                        inputMode: 'numeric',
                        size: 5,
                      },
                    }}
                    sx={{ width: 90 }}
                  />
                );
                return (
                  <Stack key={i} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    {field('open')}
                    <span aria-hidden>–</span>
                    {field('close')}
                    <IconButton
                      size="small"
                      onClick={() =>
                        setDay(
                          day,
                          ranges.filter((_, j) => j !== i),
                        )
                      }
                      aria-label={`${label} ${i + 1}: ${translate('tp.sessions.remove')}`}
                    >
                      ×
                    </IconButton>
                  </Stack>
                );
              })}
              {open && (
                <Button size="small" onClick={() => setDay(day, [...ranges, { open: '', close: '' }])}>
                  {translate('tp.sessions.add')}
                </Button>
              )}
            </Stack>
          );
        })}
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {translate(`tp.sessions.problem_${problem.problem}`, { day: translate(`tp.instruments.weekday_${problem.day}`) })}
        </Alert>
      )}
    </Box>
  );
}
