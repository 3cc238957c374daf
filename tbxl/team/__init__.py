"""Team events (C.07 Arts 11-13): the model, the TRF reader, the team tie-breaks and standings."""
