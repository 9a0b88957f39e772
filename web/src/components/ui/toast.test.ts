import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, failureToast, shownToasts, toast } from './toast';

const shown = () => shownToasts().map(({ title }) => title);

afterEach(() => {
  for (const { id } of shownToasts()) dismissToast(id);
});

describe('toast groups', () => {
  it("replaces a form's error toasts with its success", () => {
    toast({ title: 'Invalid Email', description: 'Use your company e-mail', variant: 'destructive', group: 'sign-up' });
    toast({ title: 'Account created!', variant: 'success', group: 'sign-up' });
    expect(shown()).toEqual(['Account created!']);
  });

  it("leaves other forms' errors and ungrouped errors alone", () => {
    toast({ title: 'Invalid input', variant: 'destructive', group: 'new-client' });
    toast({ title: 'Error loading deals', variant: 'destructive' });
    toast({ title: 'Dealership created', variant: 'success', group: 'new-dealership' });
    expect(shown()).toEqual(['Invalid input', 'Error loading deals', 'Dealership created']);
  });

  it("shows a form's latest error only, and keeps its earlier successes", () => {
    toast({ title: 'Code sent', variant: 'success', group: 'confirm' });
    toast({ title: 'Invalid code', variant: 'destructive', group: 'confirm' });
    toast({ title: 'Expired code', variant: 'destructive', group: 'confirm' });
    expect(shown()).toEqual(['Code sent', 'Expired code']);
  });

  it('keeps errors beside a neutral toast of the same group', () => {
    toast({ title: 'Invalid Email', variant: 'destructive', group: 'sign-up' });
    toast({ title: 'Uploading', group: 'sign-up' });
    expect(shown()).toEqual(['Invalid Email', 'Uploading']);
  });

  it('keeps ungrouped toasts stacking as before', () => {
    toast({ title: 'First', variant: 'destructive' });
    toast({ title: 'Saved', variant: 'success' });
    expect(shown()).toEqual(['First', 'Saved']);
  });
});

describe('failure toast', () => {
  it("shows a failed request's message under its title, as an error of the form's group", () => {
    toast({ title: 'Invalid input', variant: 'destructive', group: 'new-client' });
    failureToast('Error creating client', 'new-client')(new Error('Email already in use'));
    expect(shownToasts().map(({ title, description, variant, group }) => ({ title, description, variant, group }))).toEqual([
      { title: 'Error creating client', description: 'Email already in use', variant: 'destructive', group: 'new-client' },
    ]);
  });
});
