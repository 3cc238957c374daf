"""tbxl/rules"""
