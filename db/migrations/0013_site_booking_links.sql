-- An event's booking link may also be a page of this site ("/contact"), not only an http(s)
-- address: the demo calendar's bookable event leads to the contact form (decision 024).
alter table events drop constraint events_booking_url_check;
alter table events add constraint events_booking_url_check
  check (booking_url is null or booking_url ~* '^https?://' or booking_url ~ '^/[^/\\]');
