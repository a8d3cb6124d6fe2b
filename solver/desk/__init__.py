"""The director's desk: a local web page to enter a dispute and read the ruling, the ruling
log that keeps every case ruled, and the server that runs them (``ruling serve``)."""
